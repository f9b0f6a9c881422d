/**
 * protobufjs message definitions for the parts of OTLP trace export we read and
 * write, built in code from the field numbers of the opentelemetry-proto v1
 * specification (collector/trace/v1/trace_service.proto, trace/v1/trace.proto,
 * common/v1/common.proto, resource/v1/resource.proto) and google.rpc.Status.
 *
 * Only the fields we use are declared: links, entity refs and dropped counts we
 * do not need are skipped as unknown fields. The request decoder reads the wire
 * directly (see decode-protobuf.ts) using the tags derived here; the reply
 * encoders use the types themselves.
 */
import protobuf from 'protobufjs';

const { Root, Type, Field } = protobuf;

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

export const ExportTraceServiceResponseType = root.lookupType('ExportTraceServiceResponse');
export const RpcStatusType = root.lookupType('RpcStatus');

/** protobuf wire types. */
const WireType = { VARINT: 0, I64: 1, LEN: 2, I32: 5 } as const;

const SCALAR_WIRE_TYPES: Readonly<Record<string, number>> = {
  string: WireType.LEN,
  bytes: WireType.LEN,
  bool: WireType.VARINT,
  int32: WireType.VARINT,
  uint32: WireType.VARINT,
  int64: WireType.VARINT,
  uint64: WireType.VARINT,
  fixed64: WireType.I64,
  double: WireType.I64,
  fixed32: WireType.I32,
};

/**
 * The tag (field number << 3 | wire type) of each field of a message, as the
 * decoder meets them on the wire. Derived from the definitions above so the
 * field numbers live in one place.
 */
function tagsOf<const Names extends string>(typeName: string, names: readonly Names[]): Record<Names, number> {
  const type = root.lookupType(typeName);
  const tags = {} as Record<Names, number>;
  for (const name of names) {
    const field = type.fields[name];
    if (!field) throw new Error(`${typeName} has no field ${name}`);
    // Repeated scalars could be packed; we declare none, and messages are always LEN.
    const wireType = SCALAR_WIRE_TYPES[field.type] ?? WireType.LEN;
    tags[name] = (field.id << 3) | wireType;
  }
  return tags;
}

export const Tags = {
  request: tagsOf('ExportTraceServiceRequest', ['resourceSpans']),
  resourceSpans: tagsOf('ResourceSpans', ['resource', 'scopeSpans', 'schemaUrl']),
  resource: tagsOf('Resource', ['attributes']),
  scopeSpans: tagsOf('ScopeSpans', ['scope', 'spans', 'schemaUrl']),
  scope: tagsOf('InstrumentationScope', ['name', 'version', 'attributes']),
  span: tagsOf('Span', [
    'traceId',
    'spanId',
    'traceState',
    'parentSpanId',
    'name',
    'kind',
    'startTimeUnixNano',
    'endTimeUnixNano',
    'attributes',
    'droppedAttributesCount',
    'events',
    'status',
    'flags',
  ]),
  event: tagsOf('Event', ['timeUnixNano', 'name', 'attributes']),
  status: tagsOf('Status', ['message', 'code']),
  keyValue: tagsOf('KeyValue', ['key', 'value']),
  keyValueList: tagsOf('KeyValueList', ['values']),
  arrayValue: tagsOf('ArrayValue', ['values']),
  anyValue: tagsOf('AnyValue', [
    'stringValue',
    'boolValue',
    'intValue',
    'doubleValue',
    'arrayValue',
    'kvlistValue',
    'bytesValue',
  ]),
} as const;
