import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, NO_RETRY, resolveRetryPolicy, retryDelayMs, shouldRetry, sleep } from './retry.ts';

describe('resolveRetryPolicy', () => {
  it('reads booleans, attempt counts and partial policies', () => {
    expect(resolveRetryPolicy(undefined)).toBe(NO_RETRY);
    expect(resolveRetryPolicy(false)).toBe(NO_RETRY);
    expect(resolveRetryPolicy(true)).toBe(DEFAULT_RETRY);
    expect(resolveRetryPolicy(5)).toEqual({ ...DEFAULT_RETRY, attempts: 5 });
    expect(resolveRetryPolicy({ attempts: 2, jitter: 'none' })).toEqual({ ...DEFAULT_RETRY, attempts: 2, jitter: 'none' });
  });
});

describe('shouldRetry', () => {
  it('follows the taxonomy by default', () => {
    expect(shouldRetry(DEFAULT_RETRY, 'execution/timeout', 1)).toBe(true);
    expect(shouldRetry(DEFAULT_RETRY, 'execution/rate_limited', 2)).toBe(true);
    expect(shouldRetry(DEFAULT_RETRY, 'execution/not_found', 1)).toBe(false);
    expect(shouldRetry(DEFAULT_RETRY, 'arguments/schema_violation', 1)).toBe(false);
  });

  it('stops at the last attempt', () => {
    expect(shouldRetry(DEFAULT_RETRY, 'execution/timeout', 3)).toBe(false);
    expect(shouldRetry(NO_RETRY, 'execution/timeout', 1)).toBe(false);
  });

  it('uses the list or predicate of the policy instead of the taxonomy', () => {
    expect(shouldRetry({ attempts: 3, retryOn: ['execution/not_found'] }, 'execution/not_found', 1)).toBe(true);
    expect(shouldRetry({ attempts: 3, retryOn: ['execution/not_found'] }, 'execution/timeout', 1)).toBe(false);
    expect(shouldRetry({ attempts: 3, retryOn: (type) => type.startsWith('execution/') }, 'execution/unknown', 1)).toBe(true);
  });
});

describe('retryDelayMs', () => {
  it('grows exponentially up to the cap without jitter', () => {
    const policy = { attempts: 6, initialDelayMs: 100, factor: 3, maxDelayMs: 1_000, jitter: 'none' as const };
    expect([2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt))).toEqual([100, 300, 900, 1_000]);
  });

  it('draws full jitter in [0, delay] from the given randomness', () => {
    const policy = { attempts: 3, initialDelayMs: 200, factor: 2, maxDelayMs: 2_000 };
    expect(retryDelayMs(policy, 3, () => 0)).toBe(0);
    expect(retryDelayMs(policy, 3, () => 0.5)).toBe(200);
    expect(retryDelayMs(policy, 3, () => 0.999)).toBe(400);
  });
});

describe('sleep', () => {
  it('rejects with the reason when the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});
