import { describe, expect, it } from 'vitest';
import { decodeTraceRequest, OtlpDecodeError, type OtlpTraceRequest } from './index.ts';

const TRACE_ID = '5b8efff798038103d269b633813fc60c';
const SPAN_ID = 'eee19b7ec3c1b174';

function decodeJson(body: unknown): OtlpTraceRequest {
  return decodeTraceRequest(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), 'json');
}

function bodyWithSpan(span: Record<string, unknown>): unknown {
  return { resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] };
}

function onlySpan(request: OtlpTraceRequest) {
  return request.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
}

function decodeError(body: unknown): OtlpDecodeError {
  try {
    decodeJson(body);
  } catch (error) {
    expect(error).toBeInstanceOf(OtlpDecodeError);
    return error as OtlpDecodeError;
  }
  throw new Error('expected an OtlpDecodeError');
}

describe('OTLP/JSON decoding', () => {
  it('accepts snake_case field names, enum names and int64 as strings', () => {
    const span = onlySpan(
      decodeJson({
        resource_spans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { string_value: 'svc' } }] },
            scope_spans: [
              {
                scope: { name: 'lib', version: '2' },
                spans: [
                  {
                    trace_id: TRACE_ID.toUpperCase(),
                    span_id: SPAN_ID,
                    parent_span_id: '0102030405060708',
                    name: 'chat gpt-5',
                    kind: 'SPAN_KIND_CLIENT',
                    start_time_unix_nano: '1700000000000000001',
                    end_time_unix_nano: 1700000000000000000 + 5e9,
                    attributes: [{ key: 'n', value: { int_value: '42' } }],
                    status: { code: 'STATUS_CODE_ERROR', message: 'boom' },
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(span.traceId).toBe(TRACE_ID);
    expect(span.parentSpanId).toBe('0102030405060708');
    expect(span.kind).toBe(3);
    expect(span.startTimeUnixNano).toBe(1_700_000_000_000_000_001n);
    expect(span.endTimeUnixNano).toBe(BigInt(1700000000000000000 + 5e9));
    expect(span.attributes['n']).toBe(42);
    expect(span.status).toEqual({ code: 2, message: 'boom' });
  });

  it('decodes every AnyValue member, nested, and ignores unknown fields', () => {
    const span = onlySpan(
      decodeJson(
        bodyWithSpan({
          traceId: TRACE_ID,
          spanId: SPAN_ID,
          name: 'x',
          somethingNew: { ignored: true },
          attributes: [
            { key: 's', value: { stringValue: 'text' } },
            { key: 'b', value: { boolValue: true } },
            { key: 'i', value: { intValue: 7 } },
            { key: 'huge', value: { intValue: '9223372036854775807' } },
            { key: 'neg', value: { intValue: '-12' } },
            { key: 'd', value: { doubleValue: 1.5 } },
            { key: 'nan', value: { doubleValue: 'NaN' } },
            { key: 'bytes', value: { bytesValue: Buffer.from([1, 2, 255]).toString('base64') } },
            {
              key: 'nested',
              value: {
                kvlistValue: {
                  values: [
                    { key: 'list', value: { arrayValue: { values: [{ intValue: 1 }, { stringValue: 'two' }, {}] } } },
                    { key: '__proto__', value: { stringValue: 'just a key' } },
                  ],
                },
              },
            },
            { key: 'empty', value: {} },
          ],
        }),
      ),
    );
    const attributes = span.attributes;
    expect(attributes['s']).toBe('text');
    expect(attributes['b']).toBe(true);
    expect(attributes['i']).toBe(7);
    expect(attributes['huge']).toBe('9223372036854775807');
    expect(attributes['neg']).toBe(-12);
    expect(attributes['d']).toBe(1.5);
    expect(attributes['nan']).toBeNaN();
    expect(Buffer.from(attributes['bytes'] as Uint8Array)).toEqual(Buffer.from([1, 2, 255]));
    const nested = attributes['nested'] as Record<string, unknown>;
    expect(nested['list']).toEqual([1, 'two', null]);
    expect(Object.getOwnPropertyDescriptor(nested, '__proto__')?.value).toBe('just a key');
    expect(attributes['empty']).toBeNull();
    expect(span.kind).toBe(0);
    expect(span.status).toEqual({ code: 0, message: '' });
    expect(span.parentSpanId).toBeNull();
  });

  it('accepts base64 ids of the right length', () => {
    const span = onlySpan(
      decodeJson(
        bodyWithSpan({
          traceId: Buffer.from(TRACE_ID, 'hex').toString('base64'),
          spanId: Buffer.from(SPAN_ID, 'hex').toString('base64'),
          name: 'x',
        }),
      ),
    );
    expect(span.traceId).toBe(TRACE_ID);
    expect(span.spanId).toBe(SPAN_ID);
  });

  it('leaves empty ids for per-span validation instead of failing the request', () => {
    const span = onlySpan(decodeJson(bodyWithSpan({ traceId: '', spanId: SPAN_ID, name: 'x' })));
    expect(span.traceId).toBe('');
  });

  it('accepts an empty request', () => {
    expect(decodeJson({})).toEqual({ resourceSpans: [] });
    expect(decodeJson({ resourceSpans: [] })).toEqual({ resourceSpans: [] });
  });
});

describe('malformed OTLP/JSON bodies', () => {
  it.each([
    ['not JSON at all', 'garbage{', /^body is not valid JSON/],
    ['a top-level array', '[]', /^body must be a JSON object \(ExportTraceServiceRequest\), got an array$/],
    ['resourceSpans not an array', { resourceSpans: {} }, /^resourceSpans: expected an array, got an object$/],
    [
      'a short hex trace id',
      { resourceSpans: [{}, { scopeSpans: [{}, { spans: [{}, {}, {}, { traceId: TRACE_ID.slice(2), spanId: SPAN_ID }] }] }] },
      /^resourceSpans\[1\]\.scopeSpans\[1\]\.spans\[3\]\.traceId: expected 32 hex characters, got 30$/,
    ],
    [
      'a non-hex span id',
      bodyWithSpan({ traceId: TRACE_ID, spanId: 'not-an-id!' }),
      /^resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.spanId: expected 16 hex characters, got the string "not-an-id!"$/,
    ],
    [
      'a numeric trace id',
      bodyWithSpan({ traceId: 12345, spanId: SPAN_ID }),
      /spans\[0\]\.traceId: expected a hex string, got number 12345$/,
    ],
    [
      'an unknown span kind name',
      bodyWithSpan({ traceId: TRACE_ID, spanId: SPAN_ID, kind: 'SPAN_KIND_SIDEWAYS' }),
      /spans\[0\]\.kind: expected an integer or one of SPAN_KIND_UNSPECIFIED, .*got the string "SPAN_KIND_SIDEWAYS"$/,
    ],
    [
      'a fractional timestamp',
      bodyWithSpan({ traceId: TRACE_ID, spanId: SPAN_ID, startTimeUnixNano: '12.5' }),
      /spans\[0\]\.startTimeUnixNano: expected nanoseconds since the epoch as a decimal string, got the string "12.5"$/,
    ],
    [
      'an attribute without a key',
      bodyWithSpan({ traceId: TRACE_ID, spanId: SPAN_ID, attributes: [{ value: { stringValue: 'x' } }] }),
      /spans\[0\]\.attributes\[0\]\.key: expected a string, got nothing$/,
    ],
    [
      'a string attribute holding a number',
      bodyWithSpan({ traceId: TRACE_ID, spanId: SPAN_ID, attributes: [{ key: 'k', value: { stringValue: 3 } }] }),
      /spans\[0\]\.attributes\[0\]\.value\.stringValue: expected a string, got number 3$/,
    ],
    [
      'a bad intValue deep in a kvlist',
      bodyWithSpan({
        traceId: TRACE_ID,
        spanId: SPAN_ID,
        attributes: [{ key: 'k', value: { kvlistValue: { values: [{ key: 'n', value: { intValue: '1e3' } }] } } }],
      }),
      /attributes\[0\]\.value\.kvlistValue\.values\[0\]\.value\.intValue: expected an integer \(number or decimal string\), got the string "1e3"$/,
    ],
    [
      'an event that is not an object',
      bodyWithSpan({ traceId: TRACE_ID, spanId: SPAN_ID, events: ['exception'] }),
      /spans\[0\]\.events\[0\]: expected an object, got the string "exception"$/,
    ],
  ])('rejects %s with a precise message', (_label, body, message) => {
    expect(decodeError(body).message).toMatch(message);
  });

  it('names the path separately for the server', () => {
    const error = decodeError(bodyWithSpan({ traceId: 'abc', spanId: SPAN_ID }));
    expect(error.path).toBe('resourceSpans[0].scopeSpans[0].spans[0].traceId');
  });
});
