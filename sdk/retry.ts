/**
 * Retry policy of one tool: how many attempts, which failures are worth
 * another attempt, and how long to wait between them.
 */
import { isRetryable, type QualifiedErrorType } from './taxonomy.ts';

export interface RetryPolicy {
  /** Total attempts including the first; 1 means no retry. */
  readonly attempts: number;
  /** Types worth retrying; defaults to the taxonomy's `retryable` flag. */
  readonly retryOn?: readonly QualifiedErrorType[] | ((errorType: QualifiedErrorType) => boolean);
  /** Delay before the second attempt, in ms. */
  readonly initialDelayMs?: number;
  /** Each further delay is multiplied by this. */
  readonly factor?: number;
  /** Upper bound of one delay, in ms. */
  readonly maxDelayMs?: number;
  /** `full`: wait a random time in [0, delay]; `none`: wait exactly `delay` (deterministic tests). */
  readonly jitter?: 'full' | 'none';
}

export const NO_RETRY: RetryPolicy = { attempts: 1 };

/** What `retry: true` means on a tool. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, initialDelayMs: 100, factor: 2, maxDelayMs: 2_000, jitter: 'full' };

export function resolveRetryPolicy(retry: RetryPolicy | boolean | number | undefined): RetryPolicy {
  if (retry === undefined || retry === false) return NO_RETRY;
  if (retry === true) return DEFAULT_RETRY;
  if (typeof retry === 'number') return { ...DEFAULT_RETRY, attempts: retry };
  return { ...DEFAULT_RETRY, ...retry };
}

export function shouldRetry(policy: RetryPolicy, errorType: QualifiedErrorType, attempt: number): boolean {
  if (attempt >= policy.attempts) return false;
  const { retryOn } = policy;
  if (retryOn === undefined) return isRetryable(errorType);
  if (typeof retryOn === 'function') return retryOn(errorType);
  return retryOn.includes(errorType);
}

/** Delay before attempt `nextAttempt` (2, 3, …): exponential, capped, with full jitter unless disabled. */
export function retryDelayMs(policy: RetryPolicy, nextAttempt: number, random: () => number = Math.random): number {
  const initial = policy.initialDelayMs ?? 100;
  const factor = policy.factor ?? 2;
  const cap = policy.maxDelayMs ?? 2_000;
  const exponential = Math.min(cap, initial * factor ** Math.max(0, nextAttempt - 2));
  return policy.jitter === 'none' ? exponential : Math.round(random() * exponential);
}

/** Waits `ms`, or rejects early with the signal's reason when it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 && !signal?.aborted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
