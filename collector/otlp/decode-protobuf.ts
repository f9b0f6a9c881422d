/**
 * Decodes a binary protobuf `ExportTraceServiceRequest` into `OtlpTraceRequest`
 * in one pass over the wire, with protobufjs's Reader and the field tags
 * derived from our definitions (proto-schema.ts). Reading straight into our
 * plain types skips protobufjs's intermediate message objects, Long objects and
 * oneof bookkeeping: ingest decodes every span, so this is the hot path.
 *
 * Unknown fields (links, dropped counts, fields added to OTLP later) and known
 * fields sent with an unexpected wire type are skipped. A length that runs past
 * its enclosing message, a truncated value or an invalid wire type is a
 * malformed body: `OtlpDecodeError`.
 */
import protobuf from 'protobufjs';
import { Tags } from './proto-schema.ts';
import {
  emptyAttributes,
  OtlpDecodeError,
  type AttrValue,
  type Attributes,
  type OtlpEvent,
  type OtlpResourceSpans,
  type OtlpScope,
  type OtlpScopeSpans,
  type OtlpSpan,
  type OtlpStatus,
  type OtlpTraceRequest,
} from './types.ts';
import { signedLongToAttr, unsignedHalvesToBigInt, type LongLike } from './wire-values.ts';

type Reader = protobuf.Reader & { buf: Buffer };

export function decodeProtobufTraceRequest(body: Uint8Array): OtlpTraceRequest {
  // A Buffer view (no copy) so protobufjs uses its Buffer reader and ids can be
  // hex-encoded straight from the body.
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const reader = protobuf.Reader.create(buffer) as Reader;
  try {
    return readRequest(reader);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OtlpDecodeError('', `body is not a valid protobuf ExportTraceServiceRequest (${reason})`);
  }
}

/** End offset of the length-delimited value starting at the reader, checked against its parent's end. */
function endOfNested(reader: Reader, parentEnd: number): number {
  const length = reader.uint32();
  const end = reader.pos + length;
  if (end > parentEnd) throw new RangeError(`length ${length} at offset ${reader.pos} runs past the end of its message`);
  return end;
}

/** Reads a fixed64 as bigint without a Long: two little-endian 32-bit halves. */
function readFixed64(reader: Reader): bigint {
  const low = reader.fixed32();
  const high = reader.fixed32();
  return unsignedHalvesToBigInt(low, high);
}

/** Lowercase hex of a bytes field, read from the body without an intermediate slice. */
function readHexBytes(reader: Reader, parentEnd: number): string {
  const end = endOfNested(reader, parentEnd);
  const start = reader.pos;
  reader.pos = end;
  return start === end ? '' : reader.buf.toString('hex', start, end);
}

/** A copy of a bytes field, so a kept attribute does not pin the whole request body in memory. */
function readBytesCopy(reader: Reader, parentEnd: number): Uint8Array {
  const end = endOfNested(reader, parentEnd);
  const start = reader.pos;
  reader.pos = end;
  return new Uint8Array(reader.buf.subarray(start, end));
}

/**
 * A value inside a message (a string, a varint) must end where the message
 * ends; reading past it means a length was wrong somewhere.
 */
function expectEnd(reader: Reader, end: number): void {
  if (reader.pos !== end) throw new RangeError(`a field runs past the end of its message at offset ${end}`);
}

function readRequest(reader: Reader): OtlpTraceRequest {
  const resourceSpans: OtlpResourceSpans[] = [];
  const end = reader.len;
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (tag === Tags.request.resourceSpans) resourceSpans.push(readResourceSpans(reader, endOfNested(reader, end)));
    else reader.skipType(tag & 7);
  }
  return { resourceSpans };
}

function readResourceSpans(reader: Reader, end: number): OtlpResourceSpans {
  let attributes = emptyAttributes();
  const scopeSpans: OtlpScopeSpans[] = [];
  let schemaUrl = '';
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case Tags.resourceSpans.resource:
        attributes = readResource(reader, endOfNested(reader, end));
        break;
      case Tags.resourceSpans.scopeSpans:
        scopeSpans.push(readScopeSpans(reader, endOfNested(reader, end)));
        break;
      case Tags.resourceSpans.schemaUrl:
        schemaUrl = reader.string();
        break;
      default:
        reader.skipType(tag & 7);
    }
  }
  expectEnd(reader, end);
  return { resource: { attributes }, schemaUrl, scopeSpans };
}

function readResource(reader: Reader, end: number): Attributes {
  const attributes = emptyAttributes();
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (tag === Tags.resource.attributes) readKeyValue(reader, endOfNested(reader, end), attributes);
    else reader.skipType(tag & 7);
  }
  expectEnd(reader, end);
  return attributes;
}

function readScopeSpans(reader: Reader, end: number): OtlpScopeSpans {
  let scope: OtlpScope = { name: '', version: '', attributes: emptyAttributes() };
  const spans: OtlpSpan[] = [];
  let schemaUrl = '';
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case Tags.scopeSpans.scope:
        scope = readScope(reader, endOfNested(reader, end));
        break;
      case Tags.scopeSpans.spans:
        spans.push(readSpan(reader, endOfNested(reader, end)));
        break;
      case Tags.scopeSpans.schemaUrl:
        schemaUrl = reader.string();
        break;
      default:
        reader.skipType(tag & 7);
    }
  }
  expectEnd(reader, end);
  return { scope, schemaUrl, spans };
}

function readScope(reader: Reader, end: number): OtlpScope {
  const scope: OtlpScope = { name: '', version: '', attributes: emptyAttributes() };
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case Tags.scope.name:
        scope.name = reader.string();
        break;
      case Tags.scope.version:
        scope.version = reader.string();
        break;
      case Tags.scope.attributes:
        readKeyValue(reader, endOfNested(reader, end), scope.attributes);
        break;
      default:
        reader.skipType(tag & 7);
    }
  }
  expectEnd(reader, end);
  return scope;
}

function readSpan(reader: Reader, end: number): OtlpSpan {
  const span: OtlpSpan = {
    traceId: '',
    spanId: '',
    parentSpanId: null,
    traceState: '',
    flags: 0,
    name: '',
    kind: 0,
    startTimeUnixNano: 0n,
    endTimeUnixNano: 0n,
    attributes: emptyAttributes(),
    droppedAttributesCount: 0,
    events: [],
    status: { code: 0, message: '' },
  };
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case Tags.span.traceId:
        span.traceId = readHexBytes(reader, end);
        break;
      case Tags.span.spanId:
        span.spanId = readHexBytes(reader, end);
        break;
      case Tags.span.parentSpanId: {
        const parent = readHexBytes(reader, end);
        span.parentSpanId = parent === '' ? null : parent;
        break;
      }
      case Tags.span.traceState:
        span.traceState = reader.string();
        break;
      case Tags.span.name:
        span.name = reader.string();
        break;
      case Tags.span.kind:
        span.kind = reader.int32();
        break;
      case Tags.span.startTimeUnixNano:
        span.startTimeUnixNano = readFixed64(reader);
        break;
      case Tags.span.endTimeUnixNano:
        span.endTimeUnixNano = readFixed64(reader);
        break;
      case Tags.span.attributes:
        readKeyValue(reader, endOfNested(reader, end), span.attributes);
        break;
      case Tags.span.droppedAttributesCount:
        span.droppedAttributesCount = reader.uint32();
        break;
      case Tags.span.events:
        span.events.push(readEvent(reader, endOfNested(reader, end)));
        break;
      case Tags.span.status:
        span.status = readStatus(reader, endOfNested(reader, end));
        break;
      case Tags.span.flags:
        span.flags = reader.fixed32();
        break;
      default:
        reader.skipType(tag & 7);
    }
  }
  expectEnd(reader, end);
  return span;
}

function readEvent(reader: Reader, end: number): OtlpEvent {
  const event: OtlpEvent = { name: '', timeUnixNano: 0n, attributes: emptyAttributes() };
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case Tags.event.timeUnixNano:
        event.timeUnixNano = readFixed64(reader);
        break;
      case Tags.event.name:
        event.name = reader.string();
        break;
      case Tags.event.attributes:
        readKeyValue(reader, endOfNested(reader, end), event.attributes);
        break;
      default:
        reader.skipType(tag & 7);
    }
  }
  expectEnd(reader, end);
  return event;
}

function readStatus(reader: Reader, end: number): OtlpStatus {
  const status: OtlpStatus = { code: 0, message: '' };
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case Tags.status.code:
        status.code = reader.int32();
        break;
      case Tags.status.message:
        status.message = reader.string();
        break;
      default:
        reader.skipType(tag & 7);
    }
  }
  expectEnd(reader, end);
  return status;
}

/** Reads one KeyValue into `into` (a repeated key keeps its last value). */
function readKeyValue(reader: Reader, end: number, into: Attributes): void {
  let key = '';
  let value: AttrValue = null;
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case Tags.keyValue.key:
        key = reader.string();
        break;
      case Tags.keyValue.value:
        value = readAnyValue(reader, endOfNested(reader, end));
        break;
      default:
        reader.skipType(tag & 7);
    }
  }
  expectEnd(reader, end);
  into[key] = value;
}

/** An AnyValue: the last member on the wire wins, as for any oneof; empty is null. */
function readAnyValue(reader: Reader, end: number): AttrValue {
  let value: AttrValue = null;
  while (reader.pos < end) {
    const tag = reader.uint32();
    switch (tag) {
      case Tags.anyValue.stringValue:
        value = reader.string();
        break;
      case Tags.anyValue.boolValue:
        value = reader.bool();
        break;
      case Tags.anyValue.intValue:
        value = signedLongToAttr(reader.int64() as LongLike | number);
        break;
      case Tags.anyValue.doubleValue:
        value = reader.double();
        break;
      case Tags.anyValue.arrayValue:
        value = readArrayValue(reader, endOfNested(reader, end));
        break;
      case Tags.anyValue.kvlistValue:
        value = readKeyValueList(reader, endOfNested(reader, end));
        break;
      case Tags.anyValue.bytesValue:
        value = readBytesCopy(reader, end);
        break;
      default:
        reader.skipType(tag & 7);
    }
  }
  expectEnd(reader, end);
  return value;
}

function readArrayValue(reader: Reader, end: number): AttrValue[] {
  const values: AttrValue[] = [];
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (tag === Tags.arrayValue.values) values.push(readAnyValue(reader, endOfNested(reader, end)));
    else reader.skipType(tag & 7);
  }
  expectEnd(reader, end);
  return values;
}

function readKeyValueList(reader: Reader, end: number): Attributes {
  const attributes = emptyAttributes();
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (tag === Tags.keyValueList.values) readKeyValue(reader, endOfNested(reader, end), attributes);
    else reader.skipType(tag & 7);
  }
  expectEnd(reader, end);
  return attributes;
}
