/**
 * Decodes an OTLP/JSON `ExportTraceServiceRequest` into `OtlpTraceRequest`.
 *
 * Follows the OTLP/JSON mapping and is lenient where the protobuf JSON mapping
 * allows it: field names in lowerCamelCase or the original snake_case, enums as
 * integers or names, 64-bit integers as decimal strings or numbers, unknown
 * fields ignored. Ids are hex (OTLP's rule); base64 of the right length is also
 * accepted because generic protobuf JSON encoders write bytes that way.
 *
 * A hand-written walker rather than a zod schema: it must read two spellings of
 * every field, convert as it goes and name the exact path of the first problem,
 * all in one pass over what may be megabytes of spans.
 */
import {
  emptyAttributes,
  OtlpDecodeError,
  type AttrValue,
  type Attributes,
  type OtlpEvent,
  type OtlpResourceSpans,
  type OtlpScopeSpans,
  type OtlpSpan,
  type OtlpTraceRequest,
} from './types.ts';
import { bigIntToAttr } from './wire-values.ts';

type JsonObject = Record<string, unknown>;

const TRACE_ID_BYTES = 16;
const SPAN_ID_BYTES = 8;

const SPAN_KIND_NAMES: Record<string, number> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
};

const STATUS_CODE_NAMES: Record<string, number> = {
  STATUS_CODE_UNSET: 0,
  STATUS_CODE_OK: 1,
  STATUS_CODE_ERROR: 2,
};

const HEX = /^[0-9a-fA-F]*$/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const UNSIGNED_DECIMAL = /^\d+$/;
const SIGNED_DECIMAL = /^-?\d+$/;

export function decodeJsonTraceRequest(body: Uint8Array | string): OtlpTraceRequest {
  const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OtlpDecodeError('', `body is not valid JSON (${reason})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new OtlpDecodeError('', `body must be a JSON object (ExportTraceServiceRequest), got ${describe(parsed)}`);
  }
  const request = parsed as JsonObject;
  const resourceSpans = expectArray(field(request, 'resourceSpans', 'resource_spans'), 'resourceSpans');
  return { resourceSpans: resourceSpans.map((item, index) => decodeResourceSpans(item, `resourceSpans[${index}]`)) };
}

function decodeResourceSpans(value: unknown, path: string): OtlpResourceSpans {
  const object = expectObject(value, path);
  const resourceValue = field(object, 'resource', 'resource');
  const resource = resourceValue == null ? undefined : expectObject(resourceValue, `${path}.resource`);
  const scopeSpansPath = `${path}.scopeSpans`;
  const scopeSpans = expectArray(field(object, 'scopeSpans', 'scope_spans'), scopeSpansPath);
  return {
    resource: {
      attributes: resource
        ? decodeAttributes(field(resource, 'attributes', 'attributes'), `${path}.resource.attributes`)
        : emptyAttributes(),
    },
    schemaUrl: optionalString(field(object, 'schemaUrl', 'schema_url'), `${path}.schemaUrl`),
    scopeSpans: scopeSpans.map((item, index) => decodeScopeSpans(item, `${scopeSpansPath}[${index}]`)),
  };
}

function decodeScopeSpans(value: unknown, path: string): OtlpScopeSpans {
  const object = expectObject(value, path);
  const scopeValue = field(object, 'scope', 'scope');
  const scope = scopeValue == null ? undefined : expectObject(scopeValue, `${path}.scope`);
  const spans = expectArray(field(object, 'spans', 'spans'), `${path}.spans`);
  return {
    scope: {
      name: scope ? optionalString(scope['name'], `${path}.scope.name`) : '',
      version: scope ? optionalString(scope['version'], `${path}.scope.version`) : '',
      attributes: scope ? decodeAttributes(scope['attributes'], `${path}.scope.attributes`) : emptyAttributes(),
    },
    schemaUrl: optionalString(field(object, 'schemaUrl', 'schema_url'), `${path}.schemaUrl`),
    spans: spans.map((item, index) => decodeSpan(item, `${path}.spans[${index}]`)),
  };
}

function decodeSpan(value: unknown, path: string): OtlpSpan {
  const span = expectObject(value, path);
  const statusValue = span['status'];
  const status = statusValue == null ? undefined : expectObject(statusValue, `${path}.status`);
  const parentSpanId = decodeId(field(span, 'parentSpanId', 'parent_span_id'), SPAN_ID_BYTES, `${path}.parentSpanId`);
  return {
    traceId: decodeId(field(span, 'traceId', 'trace_id'), TRACE_ID_BYTES, `${path}.traceId`),
    spanId: decodeId(field(span, 'spanId', 'span_id'), SPAN_ID_BYTES, `${path}.spanId`),
    parentSpanId: parentSpanId === '' ? null : parentSpanId,
    traceState: optionalString(field(span, 'traceState', 'trace_state'), `${path}.traceState`),
    flags: optionalUint32(span['flags'], `${path}.flags`),
    name: optionalString(span['name'], `${path}.name`),
    kind: decodeEnum(span['kind'], SPAN_KIND_NAMES, `${path}.kind`),
    startTimeUnixNano: decodeUnixNano(field(span, 'startTimeUnixNano', 'start_time_unix_nano'), `${path}.startTimeUnixNano`),
    endTimeUnixNano: decodeUnixNano(field(span, 'endTimeUnixNano', 'end_time_unix_nano'), `${path}.endTimeUnixNano`),
    attributes: decodeAttributes(span['attributes'], `${path}.attributes`),
    droppedAttributesCount: optionalUint32(
      field(span, 'droppedAttributesCount', 'dropped_attributes_count'),
      `${path}.droppedAttributesCount`,
    ),
    events: expectArray(span['events'], `${path}.events`).map((item, index) => decodeEvent(item, `${path}.events[${index}]`)),
    status: {
      code: status ? decodeEnum(status['code'], STATUS_CODE_NAMES, `${path}.status.code`) : 0,
      message: status ? optionalString(status['message'], `${path}.status.message`) : '',
    },
  };
}

function decodeEvent(value: unknown, path: string): OtlpEvent {
  const event = expectObject(value, path);
  return {
    name: optionalString(event['name'], `${path}.name`),
    timeUnixNano: decodeUnixNano(field(event, 'timeUnixNano', 'time_unix_nano'), `${path}.timeUnixNano`),
    attributes: decodeAttributes(event['attributes'], `${path}.attributes`),
  };
}

function decodeAttributes(value: unknown, path: string): Attributes {
  const attributes = emptyAttributes();
  const keyValues = expectArray(value, path);
  for (let index = 0; index < keyValues.length; index++) {
    const keyValue = expectObject(keyValues[index], `${path}[${index}]`);
    const key = keyValue['key'];
    if (typeof key !== 'string') throw new OtlpDecodeError(`${path}[${index}].key`, `expected a string, got ${describe(key)}`);
    attributes[key] = decodeAnyValue(keyValue['value'], `${path}[${index}].value`);
  }
  return attributes;
}

function decodeAnyValue(value: unknown, path: string): AttrValue {
  if (value == null) return null;
  const object = expectObject(value, path);
  for (const key in object) {
    const member = object[key];
    switch (key) {
      case 'stringValue':
      case 'string_value':
        if (typeof member !== 'string') throw new OtlpDecodeError(`${path}.${key}`, `expected a string, got ${describe(member)}`);
        return member;
      case 'boolValue':
      case 'bool_value':
        if (typeof member !== 'boolean') throw new OtlpDecodeError(`${path}.${key}`, `expected true or false, got ${describe(member)}`);
        return member;
      case 'intValue':
      case 'int_value':
        return decodeInt64(member, `${path}.${key}`);
      case 'doubleValue':
      case 'double_value':
        return decodeDouble(member, `${path}.${key}`);
      case 'arrayValue':
      case 'array_value': {
        const arrayPath = `${path}.${key}`;
        const values = expectArray(expectObject(member, arrayPath)['values'], `${arrayPath}.values`);
        return values.map((item, index) => decodeAnyValue(item, `${arrayPath}.values[${index}]`));
      }
      case 'kvlistValue':
      case 'kvlist_value': {
        const listPath = `${path}.${key}`;
        return decodeAttributes(expectObject(member, listPath)['values'], `${listPath}.values`);
      }
      case 'bytesValue':
      case 'bytes_value':
        if (typeof member !== 'string' || !BASE64.test(member)) {
          throw new OtlpDecodeError(`${path}.${key}`, `expected base64 text, got ${describe(member)}`);
        }
        return Buffer.from(member, 'base64');
      default:
      // Unknown member: ignored, as the JSON mapping asks.
    }
  }
  return null;
}

/**
 * A trace or span id: hex of exactly `byteLength` bytes, base64 of that many
 * bytes, or empty (a root's parent; an invalid id that `validateSpan` rejects).
 */
function decodeId(value: unknown, byteLength: number, path: string): string {
  if (value == null || value === '') return '';
  if (typeof value !== 'string') throw new OtlpDecodeError(path, `expected a hex string, got ${describe(value)}`);
  const hexLength = byteLength * 2;
  if (value.length === hexLength && HEX.test(value)) return value.toLowerCase();
  const paddedBase64Length = Math.ceil(byteLength / 3) * 4;
  const unpaddedBase64Length = Math.ceil((byteLength * 4) / 3);
  if ((value.length === paddedBase64Length || value.length === unpaddedBase64Length) && BASE64.test(value)) {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length === byteLength) return bytes.toString('hex');
  }
  if (HEX.test(value)) throw new OtlpDecodeError(path, `expected ${hexLength} hex characters, got ${value.length}`);
  throw new OtlpDecodeError(path, `expected ${hexLength} hex characters, got ${describe(value)}`);
}

function decodeEnum(value: unknown, names: Record<string, number>, path: string): number {
  if (value == null) return 0;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const byName = names[value];
    if (byName !== undefined) return byName;
    if (UNSIGNED_DECIMAL.test(value)) return Number(value);
  }
  throw new OtlpDecodeError(path, `expected an integer or one of ${Object.keys(names).join(', ')}, got ${describe(value)}`);
}

function decodeUnixNano(value: unknown, path: string): bigint {
  if (value == null) return 0n;
  if (typeof value === 'string' && UNSIGNED_DECIMAL.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return BigInt(value);
  throw new OtlpDecodeError(path, `expected nanoseconds since the epoch as a decimal string, got ${describe(value)}`);
}

function decodeInt64(value: unknown, path: string): number | string {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && SIGNED_DECIMAL.test(value)) return bigIntToAttr(BigInt(value));
  throw new OtlpDecodeError(path, `expected an integer (number or decimal string), got ${describe(value)}`);
}

function decodeDouble(value: unknown, path: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    // The protobuf JSON mapping writes non-finite doubles as these strings.
    if (value === 'NaN') return Number.NaN;
    if (value === 'Infinity') return Number.POSITIVE_INFINITY;
    if (value === '-Infinity') return Number.NEGATIVE_INFINITY;
    const parsed = Number(value);
    if (value.trim() !== '' && !Number.isNaN(parsed)) return parsed;
  }
  throw new OtlpDecodeError(path, `expected a number, got ${describe(value)}`);
}

function optionalString(value: unknown, path: string): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  throw new OtlpDecodeError(path, `expected a string, got ${describe(value)}`);
}

function optionalUint32(value: unknown, path: string): number {
  if (value == null) return 0;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && UNSIGNED_DECIMAL.test(value)) return Number(value);
  throw new OtlpDecodeError(path, `expected a non-negative integer, got ${describe(value)}`);
}

/** The camelCase spelling wins when a sender (oddly) writes both. */
function field(object: JsonObject, camelCase: string, snakeCase: string): unknown {
  const value = object[camelCase];
  return value === undefined ? object[snakeCase] : value;
}

function expectObject(value: unknown, path: string): JsonObject {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as JsonObject;
  throw new OtlpDecodeError(path, `expected an object, got ${describe(value)}`);
}

/** Absent (or null) repeated fields are empty, as in protobuf. */
function expectArray(value: unknown, path: string): unknown[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value;
  throw new OtlpDecodeError(path, `expected an array, got ${describe(value)}`);
}

/** A short description of a bad value for an error message. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
