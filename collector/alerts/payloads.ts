/**
 * What a webhook receives for an alert event: a generic JSON document, or a
 * Slack-compatible message (`text` for notifications, `blocks` for layout),
 * and the HMAC signature that lets the receiver check it came from us.
 */
import { createHmac } from 'node:crypto';

export interface AlertNotice {
  eventId: string;
  kind: 'firing' | 'resolved';
  ruleId: string;
  ruleName: string;
  projectId: string;
  metric: string;
  scope: string;
  value: number;
  baseline: number | null;
  threshold: number | null;
  calls: number;
  message: string;
  exampleCalls: unknown;
  createdAt: string;
  /** Link to the alert in the dashboard, when its public URL is known. */
  url?: string | undefined;
}

export const SIGNATURE_HEADER = 'x-toolscope-signature';
export const TIMESTAMP_HEADER = 'x-toolscope-timestamp';
export const EVENT_HEADER = 'x-toolscope-event';

/** `sha256=<hex HMAC-SHA256 of the exact body bytes, keyed with the webhook secret>`. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export function jsonBody(notice: AlertNotice): string {
  return JSON.stringify({ type: `alert.${notice.kind}`, ...notice });
}

export function slackBody(notice: AlertNotice): string {
  const icon = notice.kind === 'firing' ? ':rotating_light:' : ':white_check_mark:';
  const title = `${icon} ${notice.kind === 'firing' ? 'Firing' : 'Resolved'}: ${notice.ruleName}`;
  const fields = [
    `*Metric*\n${notice.metric}`,
    `*Scope*\n${notice.scope}`,
    `*Value*\n${notice.value}`,
    `*Baseline / threshold*\n${notice.baseline ?? '–'} / ${notice.threshold ?? '–'}`,
  ];
  return JSON.stringify({
    text: `${title}: ${notice.message}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title.replace(/:[a-z_]+: /, ''), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: notice.message } },
      { type: 'section', fields: fields.map((text) => ({ type: 'mrkdwn', text })) },
      ...(notice.url ? [{ type: 'section', text: { type: 'mrkdwn', text: `<${notice.url}|Open in Toolscope>` } }] : []),
    ],
  });
}

export function bodyFor(format: string, notice: AlertNotice): string {
  return format === 'slack' ? slackBody(notice) : jsonBody(notice);
}

/** Exponential backoff with a cap: attempt 1 → base, 2 → 2×base, … */
export function backoffMs(attempt: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
