import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffMs, bodyFor, signBody, type AlertNotice } from './payloads.ts';

const notice: AlertNotice = {
  eventId: 'e1',
  kind: 'firing',
  ruleId: 'r1',
  ruleName: 'read_file failing',
  projectId: 'p1',
  metric: 'failure_rate',
  scope: 'tool read_file',
  value: 0.4,
  baseline: 0.02,
  threshold: 0.06,
  calls: 100,
  message: 'failure rate 40.0% (baseline 2.0%)',
  exampleCalls: [],
  createdAt: '2026-11-21T12:00:00.000Z',
};

describe('signBody', () => {
  it('is the hex HMAC-SHA256 of the body with the secret, prefixed sha256=', () => {
    const body = '{"a":1}';
    expect(signBody('s3cret-key', body)).toBe(`sha256=${createHmac('sha256', 's3cret-key').update(body).digest('hex')}`);
    expect(signBody('s3cret-key', body)).not.toBe(signBody('other-key', body));
  });
});

describe('bodies', () => {
  it('gives Slack a text and blocks', () => {
    const slack = JSON.parse(bodyFor('slack', notice));
    expect(slack.text).toContain('Firing');
    expect(slack.text).toContain('read_file failing');
    expect(slack.blocks[0].type).toBe('header');
  });

  it('gives generic receivers the whole notice with a type', () => {
    expect(JSON.parse(bodyFor('json', notice))).toMatchObject({ type: 'alert.firing', value: 0.4, baseline: 0.02 });
  });
});

describe('backoffMs', () => {
  it('doubles per attempt up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffMs(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
