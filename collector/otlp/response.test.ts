import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { encodeRpcStatus, encodeTraceResponse, otlpContentTypeOf, responseMediaType, RpcCode } from './index.ts';

describe('ExportTraceServiceResponse', () => {
  it('is empty on full success', () => {
    expect(encodeTraceResponse(null, 'protobuf')).toHaveLength(0);
    expect(encodeTraceResponse({ rejectedSpans: 0, errorMessage: '' }, 'protobuf')).toHaveLength(0);
    expect(encodeTraceResponse(null, 'json')).toBe('{}');
  });

  it('carries partialSuccess that the official exporter reads back (protobuf)', () => {
    const body = encodeTraceResponse({ rejectedSpans: 3, errorMessage: '3 spans rejected: traceId is all zeros' }, 'protobuf');
    const response = ProtobufTraceSerializer.deserializeResponse(body);
    expect(Number(response.partialSuccess?.rejectedSpans)).toBe(3);
    expect(response.partialSuccess?.errorMessage).toBe('3 spans rejected: traceId is all zeros');
  });

  it('carries partialSuccess that the official exporter reads back (JSON)', () => {
    const body = encodeTraceResponse({ rejectedSpans: 2, errorMessage: 'two bad' }, 'json');
    const response = JsonTraceSerializer.deserializeResponse(Buffer.from(body));
    expect(Number(response.partialSuccess?.rejectedSpans)).toBe(2);
    expect(response.partialSuccess?.errorMessage).toBe('two bad');
  });
});

describe('google.rpc.Status', () => {
  it('encodes code = 1 and message = 2 in protobuf', () => {
    const body = encodeRpcStatus({ code: RpcCode.INVALID_ARGUMENT, message: 'spans[0].traceId: bad' }, 'protobuf');
    const reader = protobuf.Reader.create(body);
    const fields: Record<number, unknown> = {};
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag >>> 3 === 1) fields[1] = reader.int32();
      else if (tag >>> 3 === 2) fields[2] = reader.string();
      else reader.skipType(tag & 7);
    }
    expect(fields).toEqual({ 1: 3, 2: 'spans[0].traceId: bad' });
  });

  it('encodes JSON', () => {
    expect(JSON.parse(encodeRpcStatus({ code: 3, message: 'bad body' }, 'json'))).toEqual({ code: 3, message: 'bad body' });
  });
});

describe('content types', () => {
  it.each([
    ['application/x-protobuf', 'protobuf'],
    ['application/x-protobuf; charset=binary', 'protobuf'],
    ['application/json', 'json'],
    ['application/json; charset=utf-8', 'json'],
    ['text/plain', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(otlpContentTypeOf(header)).toBe(expected);
  });

  it('answers in the request type', () => {
    expect(responseMediaType('protobuf')).toBe('application/x-protobuf');
    expect(responseMediaType('json')).toBe('application/json');
  });
});
