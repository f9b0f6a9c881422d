/**
 * Asks the collector whether it is there and takes our key, before the demo
 * records anything: an empty OTLP request is valid and stores nothing.
 */
import { tracesUrl } from '../../sdk/index.ts';

export type ProbeResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'unreachable' | 'unauthorized' | 'unexpected'; readonly detail: string };

export async function probeCollector(endpoint: string, apiKey: string, timeoutMs = 3_000): Promise<ProbeResult> {
  let response: Response;
  try {
    response = await fetch(tracesUrl(endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf', authorization: `Bearer ${apiKey}` },
      body: new Uint8Array(0),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { ok: false, reason: 'unreachable', detail: cause };
  }
  await response.arrayBuffer().catch(() => undefined);
  if (response.ok) return { ok: true };
  if (response.status === 401 || response.status === 403) return { ok: false, reason: 'unauthorized', detail: `HTTP ${response.status}` };
  return { ok: false, reason: 'unexpected', detail: `HTTP ${response.status}` };
}

/** One line telling the user what to do, for each way the probe can fail. */
export function probeAdvice(endpoint: string, result: Exclude<ProbeResult, { ok: true }>): string {
  switch (result.reason) {
    case 'unreachable':
      return `No Toolscope collector answered at ${endpoint} (${result.detail}). Start one with \`npm start\` (or \`npx toolscope start\`), then run the demo again.`;
    case 'unauthorized':
      return `The collector at ${endpoint} refused the API key (${result.detail}). Unset TOOLSCOPE_API_KEY and use \`npm run demo\` (it makes a key), or create one: \`npx toolscope keys create --project demo --scope ingest\`.`;
    default:
      return `The collector at ${endpoint} answered ${result.detail} to an empty export; check its log.`;
  }
}
