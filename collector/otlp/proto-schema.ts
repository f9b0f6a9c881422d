/**
 * protobufjs message definitions for the parts of OTLP trace export we read and
 * write, built in code from the field numbers of the opentelemetry-proto v1
 * specification (collector/trace/v1/trace_service.proto, trace/v1/trace.proto,
 * common/v1/common.proto, resource/v1/resource.proto) and google.rpc.Status.
 *
 * Only the fields we use are declared: protobuf readers skip unknown fields, so
 * links, trace flags of links, entity refs and dropped counts we do not need cost
 * a skip and nothing more. Field names are lowerCamelCase so decoded messages
 * read like the OTLP/JSON mapping.
 */
import protobuf from 'protobufjs';

const { Root, Type, Field, OneOf } = protobuf;

type FieldSpec = readonly [name: string, id: number, type: string, rule?: 'repeated'];

function message(name: string, fields: readonly FieldSpec[]): protobuf.Type {
  const type = new Type(name);
  for (const [fieldName, id, fieldType, rule] of fields) type.add(new Field(fieldName, id, fieldType, rule));
  return type;
}

function buildRoot(): protobuf.Root {
  const anyValue = message('AnyValue', [
    ['stringValue', 1, 'string'],
    ['boolValue', 2, 'bool'],
    ['intValue', 3, 'int64'],
    ['doubleValue', 4, 'double'],
    ['arrayValue', 5, 'ArrayValue'],
    ['kvlistValue', 6, 'KeyValueList'],
    ['bytesValue', 7, 'bytes'],
  ]);
  // A oneof, so a decoded AnyValue says which member was actually sent
  // (`value`), instead of every member reading as its default.
  anyValue.add(
    new OneOf('value', ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue']),
  );

  const common = [
    anyValue,
    message('ArrayValue', [['values', 1, 'AnyValue', 'repeated']]),
    message('KeyValueList', [['values', 1, 'KeyValue', 'repeated']]),
    message('KeyValue', [
      ['key', 1, 'string'],
      ['value', 2, 'AnyValue'],
    ]),
    message('InstrumentationScope', [
      ['name', 1, 'string'],
      ['version', 2, 'string'],
      ['attributes', 3, 'KeyValue', 'repeated'],
    ]),
    message('Resource', [['attributes', 1, 'KeyValue', 'repeated']]),
  ];

  const trace = [
    message('ExportTraceServiceRequest', [['resourceSpans', 1, 'ResourceSpans', 'repeated']]),
    message('ResourceSpans', [
      ['resource', 1, 'Resource'],
      ['scopeSpans', 2, 'ScopeSpans', 'repeated'],
      ['schemaUrl', 3, 'string'],
    ]),
    message('ScopeSpans', [
      ['scope', 1, 'InstrumentationScope'],
      ['spans', 2, 'Span', 'repeated'],
      ['schemaUrl', 3, 'string'],
    ]),
    message('Span', [
      ['traceId', 1, 'bytes'],
      ['spanId', 2, 'bytes'],
      ['traceState', 3, 'string'],
      ['parentSpanId', 4, 'bytes'],
      ['name', 5, 'string'],
      // An enum on the wire is a varint; reading it as int32 keeps values we
      // do not know instead of needing an Enum definition.
      ['kind', 6, 'int32'],
      ['startTimeUnixNano', 7, 'fixed64'],
      ['endTimeUnixNano', 8, 'fixed64'],
      ['attributes', 9, 'KeyValue', 'repeated'],
      ['droppedAttributesCount', 10, 'uint32'],
      ['events', 11, 'Event', 'repeated'],
      ['status', 15, 'Status'],
      ['flags', 16, 'fixed32'],
    ]),
    message('Event', [
      ['timeUnixNano', 1, 'fixed64'],
      ['name', 2, 'string'],
      ['attributes', 3, 'KeyValue', 'repeated'],
    ]),
    message('Status', [
      ['message', 2, 'string'],
      ['code', 3, 'int32'],
    ]),
    message('ExportTraceServiceResponse', [['partialSuccess', 1, 'ExportTracePartialSuccess']]),
    message('ExportTracePartialSuccess', [
      ['rejectedSpans', 1, 'int64'],
      ['errorMessage', 2, 'string'],
    ]),
  ];

  // google.rpc.Status: the body of OTLP/HTTP error replies. `details` (3,
  // repeated google.protobuf.Any) is left out: we never send any.
  const rpcStatus = message('RpcStatus', [
    ['code', 1, 'int32'],
    ['message', 2, 'string'],
  ]);

  // One flat namespace: the names do not collide, and resolution stays simple.
  const root = new Root();
  for (const type of [...common, ...trace, rpcStatus]) root.add(type);
  root.resolveAll();
  return root;
}

const root = buildRoot();

export const ExportTraceServiceRequestType = root.lookupType('ExportTraceServiceRequest');
export const ExportTraceServiceResponseType = root.lookupType('ExportTraceServiceResponse');
export const RpcStatusType = root.lookupType('RpcStatus');

/** Shapes of decoded protobufjs messages (only what we read). */
export interface LongLike {
  low: number;
  high: number;
  unsigned: boolean;
}

export interface PbAnyValue {
  value?: 'stringValue' | 'boolValue' | 'intValue' | 'doubleValue' | 'arrayValue' | 'kvlistValue' | 'bytesValue';
  stringValue: string;
  boolValue: boolean;
  intValue: LongLike | number;
  doubleValue: number;
  arrayValue: { values: PbAnyValue[] } | null;
  kvlistValue: { values: PbKeyValue[] } | null;
  bytesValue: Uint8Array;
}

export interface PbKeyValue {
  key: string;
  value: PbAnyValue | null;
}

export interface PbEvent {
  timeUnixNano: LongLike | number;
  name: string;
  attributes: PbKeyValue[];
}

export interface PbSpan {
  traceId: Uint8Array;
  spanId: Uint8Array;
  traceState: string;
  parentSpanId: Uint8Array;
  name: string;
  kind: number;
  startTimeUnixNano: LongLike | number;
  endTimeUnixNano: LongLike | number;
  attributes: PbKeyValue[];
  droppedAttributesCount: number;
  events: PbEvent[];
  status: { message: string; code: number } | null;
  flags: number;
}

export interface PbScopeSpans {
  scope: { name: string; version: string; attributes: PbKeyValue[] } | null;
  spans: PbSpan[];
  schemaUrl: string;
}

export interface PbResourceSpans {
  resource: { attributes: PbKeyValue[] } | null;
  scopeSpans: PbScopeSpans[];
  schemaUrl: string;
}

export interface PbExportTraceServiceRequest {
  resourceSpans: PbResourceSpans[];
}
