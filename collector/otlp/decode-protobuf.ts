/**
 * Decodes a binary protobuf `ExportTraceServiceRequest` into `OtlpTraceRequest`.
 * protobufjs does the wire decoding (into message objects with Long and Buffer
 * fields); one pass over those objects then produces our plain types, with no
 * `toObject` round in between.
 */
import {
  ExportTraceServiceRequestType,
  type PbAnyValue,
  type PbEvent,
  type PbExportTraceServiceRequest,
  type PbKeyValue,
  type PbSpan,
} from './proto-schema.ts';
import {
  emptyAttributes,
  OtlpDecodeError,
  type AttrValue,
  type Attributes,
  type OtlpEvent,
  type OtlpSpan,
  type OtlpTraceRequest,
} from './types.ts';
import { bytesToHex, signedLongToAttr, unsignedLongToBigInt } from './wire-values.ts';

export function decodeProtobufTraceRequest(body: Uint8Array): OtlpTraceRequest {
  let message: PbExportTraceServiceRequest;
  try {
    message = ExportTraceServiceRequestType.decode(body) as unknown as PbExportTraceServiceRequest;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OtlpDecodeError('', `body is not a valid protobuf ExportTraceServiceRequest (${reason})`);
  }
  return {
    resourceSpans: message.resourceSpans.map((resourceSpans) => ({
      resource: { attributes: convertAttributes(resourceSpans.resource?.attributes) },
      schemaUrl: resourceSpans.schemaUrl,
      scopeSpans: resourceSpans.scopeSpans.map((scopeSpans) => ({
        scope: {
          name: scopeSpans.scope?.name ?? '',
          version: scopeSpans.scope?.version ?? '',
          attributes: convertAttributes(scopeSpans.scope?.attributes),
        },
        schemaUrl: scopeSpans.schemaUrl,
        spans: scopeSpans.spans.map(convertSpan),
      })),
    })),
  };
}

function convertSpan(span: PbSpan): OtlpSpan {
  return {
    traceId: bytesToHex(span.traceId),
    spanId: bytesToHex(span.spanId),
    parentSpanId: span.parentSpanId.length === 0 ? null : bytesToHex(span.parentSpanId),
    traceState: span.traceState,
    flags: span.flags,
    name: span.name,
    kind: span.kind,
    startTimeUnixNano: unsignedLongToBigInt(span.startTimeUnixNano),
    endTimeUnixNano: unsignedLongToBigInt(span.endTimeUnixNano),
    attributes: convertAttributes(span.attributes),
    droppedAttributesCount: span.droppedAttributesCount,
    events: span.events.map(convertEvent),
    status: { code: span.status?.code ?? 0, message: span.status?.message ?? '' },
  };
}

function convertEvent(event: PbEvent): OtlpEvent {
  return {
    name: event.name,
    timeUnixNano: unsignedLongToBigInt(event.timeUnixNano),
    attributes: convertAttributes(event.attributes),
  };
}

function convertAttributes(keyValues: PbKeyValue[] | undefined): Attributes {
  const attributes = emptyAttributes();
  if (!keyValues) return attributes;
  for (const keyValue of keyValues) attributes[keyValue.key] = convertAnyValue(keyValue.value);
  return attributes;
}

function convertAnyValue(value: PbAnyValue | null): AttrValue {
  if (!value) return null;
  switch (value.value) {
    case 'stringValue':
      return value.stringValue;
    case 'boolValue':
      return value.boolValue;
    case 'intValue':
      return signedLongToAttr(value.intValue);
    case 'doubleValue':
      return value.doubleValue;
    case 'arrayValue':
      return value.arrayValue ? value.arrayValue.values.map(convertAnyValue) : [];
    case 'kvlistValue':
      return convertAttributes(value.kvlistValue?.values);
    case 'bytesValue':
      // Copied so a kept attribute does not pin the whole request body in memory.
      return Uint8Array.from(value.bytesValue);
    default:
      return null;
  }
}
