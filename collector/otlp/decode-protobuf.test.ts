/**
 * Protobuf bodies written field by field with explicit field numbers from the
 * OTLP spec, so these tests check our schema's numbers and types, not only
 * that it agrees with itself.
 */
import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import { decodeTraceRequest, OtlpDecodeError } from './index.ts';

const { Writer } = protobuf;
type W = protobuf.Writer;

const LENGTH_DELIMITED = 2;
const VARINT = 0;
const FIXED64 = 1;
const FIXED32 = 5;

function tag(writer: W, field: number, wireType: number): W {
  return writer.uint32((field << 3) | wireType);
}

function submessage(writer: W, field: number, write: (inner: W) => void): W {
  tag(writer, field, LENGTH_DELIMITED).fork();
  write(writer);
  return writer.ldelim();
}

function keyValue(writer: W, field: number, key: string, writeValue: (anyValue: W) => void): W {
  return submessage(writer, field, (kv) => {
    tag(kv, 1, LENGTH_DELIMITED).string(key);
    submessage(kv, 2, writeValue);
  });
}

function exampleRequest(): Uint8Array {
  const writer = Writer.create();
  // ExportTraceServiceRequest.resource_spans = 1
  submessage(writer, 1, (resourceSpans) => {
    // ResourceSpans.resource = 1 → Resource.attributes = 1
    submessage(resourceSpans, 1, (resource) => {
      keyValue(resource, 1, 'service.name', (v) => tag(v, 1, LENGTH_DELIMITED).string('billing'));
    });
    // ResourceSpans.scope_spans = 2
    submessage(resourceSpans, 2, (scopeSpans) => {
      submessage(scopeSpans, 1, (scope) => {
        tag(scope, 1, LENGTH_DELIMITED).string('scope-name');
        tag(scope, 2, LENGTH_DELIMITED).string('0.9');
      });
      // ScopeSpans.spans = 2
      submessage(scopeSpans, 2, (span) => {
        tag(span, 1, LENGTH_DELIMITED).bytes(Buffer.from('0102030405060708090a0b0c0d0e0f10', 'hex'));
        tag(span, 2, LENGTH_DELIMITED).bytes(Buffer.from('a1a2a3a4a5a6a7a8', 'hex'));
        tag(span, 3, LENGTH_DELIMITED).string('vendor=1');
        tag(span, 4, LENGTH_DELIMITED).bytes(Buffer.from('b1b2b3b4b5b6b7b8', 'hex'));
        tag(span, 5, LENGTH_DELIMITED).string('execute_tool search');
        tag(span, 6, VARINT).int32(3);
        tag(span, 7, FIXED64).fixed64('1760000000123456789');
        tag(span, 8, FIXED64).fixed64('1760000000987654321');
        keyValue(span, 9, 'str', (v) => tag(v, 1, LENGTH_DELIMITED).string('s'));
        keyValue(span, 9, 'bool', (v) => tag(v, 2, VARINT).bool(true));
        keyValue(span, 9, 'int', (v) => tag(v, 3, VARINT).int64(-42));
        keyValue(span, 9, 'int.huge', (v) => tag(v, 3, VARINT).int64('1152921504606846976'));
        keyValue(span, 9, 'double', (v) => tag(v, 4, FIXED64).double(2.75));
        keyValue(span, 9, 'array', (v) =>
          submessage(v, 5, (array) => {
            submessage(array, 1, (item) => tag(item, 1, LENGTH_DELIMITED).string('x'));
            submessage(array, 1, (item) => tag(item, 3, VARINT).int64(9));
          }),
        );
        keyValue(span, 9, 'kvlist', (v) =>
          submessage(v, 6, (list) => keyValue(list, 1, 'inner', (inner) => tag(inner, 2, VARINT).bool(false))),
        );
        keyValue(span, 9, 'bytes', (v) => tag(v, 7, LENGTH_DELIMITED).bytes(Buffer.from([0, 255])));
        keyValue(span, 9, 'empty.string', (v) => tag(v, 1, LENGTH_DELIMITED).string(''));
        keyValue(span, 9, 'unset', () => undefined);
        tag(span, 10, VARINT).uint32(4);
        // Span.events = 11
        submessage(span, 11, (event) => {
          tag(event, 1, FIXED64).fixed64('1760000000500000000');
          tag(event, 2, LENGTH_DELIMITED).string('exception');
          keyValue(event, 3, 'exception.type', (v) => tag(v, 1, LENGTH_DELIMITED).string('ValueError'));
        });
        // Span.links = 13: not read, must be skipped cleanly.
        submessage(span, 13, (link) => tag(link, 1, LENGTH_DELIMITED).bytes(Buffer.alloc(16, 1)));
        // Span.status = 15: message = 2, code = 3
        submessage(span, 15, (status) => {
          tag(status, 2, LENGTH_DELIMITED).string('search backend down');
          tag(status, 3, VARINT).int32(2);
        });
        tag(span, 16, FIXED32).fixed32(0x101);
        // A field number from the future: ignored.
        tag(span, 99, LENGTH_DELIMITED).string('future');
      });
    });
  });
  return writer.finish();
}

describe('protobuf decoding', () => {
  it('reads every field by its OTLP field number', () => {
    const request = decodeTraceRequest(exampleRequest(), 'protobuf');
    const resourceSpans = request.resourceSpans[0]!;
    expect(resourceSpans.resource.attributes['service.name']).toBe('billing');
    const scopeSpans = resourceSpans.scopeSpans[0]!;
    expect(scopeSpans.scope).toMatchObject({ name: 'scope-name', version: '0.9' });
    const span = scopeSpans.spans[0]!;
    expect(span).toMatchObject({
      traceId: '0102030405060708090a0b0c0d0e0f10',
      spanId: 'a1a2a3a4a5a6a7a8',
      parentSpanId: 'b1b2b3b4b5b6b7b8',
      traceState: 'vendor=1',
      name: 'execute_tool search',
      kind: 3,
      startTimeUnixNano: 1_760_000_000_123_456_789n,
      endTimeUnixNano: 1_760_000_000_987_654_321n,
      droppedAttributesCount: 4,
      flags: 0x101,
      status: { code: 2, message: 'search backend down' },
    });
    expect({ ...span.attributes, bytes: undefined, kvlist: { ...(span.attributes['kvlist'] as object) } }).toEqual({
      str: 's',
      bool: true,
      int: -42,
      'int.huge': '1152921504606846976',
      double: 2.75,
      array: ['x', 9],
      kvlist: { inner: false },
      bytes: undefined,
      'empty.string': '',
      unset: null,
    });
    expect(Buffer.from(span.attributes['bytes'] as Uint8Array)).toEqual(Buffer.from([0, 255]));
    expect(span.events).toHaveLength(1);
    expect(span.events[0]).toMatchObject({ name: 'exception', timeUnixNano: 1_760_000_000_500_000_000n });
    expect(span.events[0]!.attributes['exception.type']).toBe('ValueError');
  });

  it('decodes an empty body as an empty request', () => {
    expect(decodeTraceRequest(new Uint8Array(0), 'protobuf')).toEqual({ resourceSpans: [] });
  });

  it('keeps ids of the wrong length as sent, for per-span validation', () => {
    const writer = Writer.create();
    submessage(writer, 1, (rs) =>
      submessage(rs, 2, (ss) =>
        submessage(ss, 2, (span) => {
          tag(span, 1, LENGTH_DELIMITED).bytes(Buffer.alloc(15, 7));
          tag(span, 5, LENGTH_DELIMITED).string('x');
        }),
      ),
    );
    const span = decodeTraceRequest(writer.finish(), 'protobuf').resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    expect(span.traceId).toBe('07'.repeat(15));
    expect(span.spanId).toBe('');
    expect(span.parentSpanId).toBeNull();
    expect(span.startTimeUnixNano).toBe(0n);
  });

  it('skips a known field sent with another wire type, as an unknown field', () => {
    const writer = Writer.create();
    submessage(writer, 1, (rs) =>
      submessage(rs, 2, (ss) =>
        submessage(ss, 2, (span) => {
          tag(span, 5, VARINT).uint32(7); // name is a string: a varint here is skipped
          tag(span, 2, LENGTH_DELIMITED).bytes(Buffer.from('a1a2a3a4a5a6a7a8', 'hex'));
        }),
      ),
    );
    const span = decodeTraceRequest(writer.finish(), 'protobuf').resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    expect(span.name).toBe('');
    expect(span.spanId).toBe('a1a2a3a4a5a6a7a8');
  });

  it('rejects a string that runs past the end of its message', () => {
    // KeyValue of 3 bytes whose key claims 5: still inside the body, but not inside its message.
    const body = Buffer.from([0x0a, 0x0e, 0x0a, 0x05, 0x0a, 0x03, 0x0a, 0x05, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68]);
    expect(() => decodeTraceRequest(body, 'protobuf')).toThrow(OtlpDecodeError);
  });

  it.each([
    ['a length running past the end', Buffer.from([0x0a, 0xff, 0x01, 0x00])],
    ['a truncated varint', Buffer.from([0x0a, 0x02, 0x18, 0xff])],
    ['an invalid wire type', Buffer.from([0x0f, 0x01])],
    ['a JSON body sent as protobuf', Buffer.from('{"resourceSpans":[{"scopeSpans":[]}]}')],
  ])('rejects %s with OtlpDecodeError', (_label, body) => {
    expect(() => decodeTraceRequest(body, 'protobuf')).toThrow(OtlpDecodeError);
    expect(() => decodeTraceRequest(body, 'protobuf')).toThrow(/^body is not a valid protobuf ExportTraceServiceRequest \(.+\)$/);
  });
});
