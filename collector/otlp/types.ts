/**
 * The decoded form of an OTLP `ExportTraceServiceRequest`: plain data, the same
 * whether the body arrived as protobuf or JSON. Ids are lowercase hex, times
 * are bigint nanoseconds, attributes are plain records.
 *
 * Decoding checks syntax only (the body is a well-formed request). Whether an
 * individual span is usable (ids of the right length and not zero, a name,
 * end ≥ start) is decided per span by `validateSpan`, so one bad span does not
 * sink the whole batch.
 */

/**
 * An attribute value. int64 becomes a number when it fits in a safe integer and
 * a decimal string otherwise (ids and counters rarely exceed 2^53; when they do,
 * precision matters more than the type). `null` is an empty AnyValue.
 */
export type AttrValue = string | number | boolean | null | Uint8Array | AttrValue[] | AttrMap;

export interface AttrMap {
  [key: string]: AttrValue;
}

/** Attribute records have no prototype, so a key like `__proto__` is just a key. */
export type Attributes = AttrMap;

/** OTLP `Span.SpanKind`. */
export const SpanKind = {
  UNSPECIFIED: 0,
  INTERNAL: 1,
  SERVER: 2,
  CLIENT: 3,
  PRODUCER: 4,
  CONSUMER: 5,
} as const;

/** OTLP `Status.StatusCode`. */
export const StatusCode = {
  UNSET: 0,
  OK: 1,
  ERROR: 2,
} as const;

export interface OtlpStatus {
  /** 0 unset, 1 ok, 2 error (other values are passed through as sent). */
  code: number;
  message: string;
}

export interface OtlpEvent {
  name: string;
  timeUnixNano: bigint;
  attributes: Attributes;
}

export interface OtlpSpan {
  /** Lowercase hex of the bytes sent; may be empty or of the wrong length (see `validateSpan`). */
  traceId: string;
  spanId: string;
  /** Null for a root span (empty parent id). */
  parentSpanId: string | null;
  traceState: string;
  flags: number;
  name: string;
  /** 0..5, see `SpanKind`. */
  kind: number;
  startTimeUnixNano: bigint;
  endTimeUnixNano: bigint;
  attributes: Attributes;
  droppedAttributesCount: number;
  events: OtlpEvent[];
  status: OtlpStatus;
}

export interface OtlpScope {
  name: string;
  version: string;
  attributes: Attributes;
}

export interface OtlpScopeSpans {
  scope: OtlpScope;
  schemaUrl: string;
  spans: OtlpSpan[];
}

export interface OtlpResourceSpans {
  resource: { attributes: Attributes };
  schemaUrl: string;
  scopeSpans: OtlpScopeSpans[];
}

export interface OtlpTraceRequest {
  resourceSpans: OtlpResourceSpans[];
}

export type OtlpContentType = 'protobuf' | 'json';

/**
 * The body is not a decodable `ExportTraceServiceRequest`. The message names
 * the problem and, where it can, the path to it; the server answers 400 with it.
 */
export class OtlpDecodeError extends Error {
  override readonly name = 'OtlpDecodeError';
  /** Path to the offending field, e.g. `resourceSpans[0].scopeSpans[1].spans[3].traceId`; empty for the body itself. */
  readonly path: string;

  constructor(path: string, problem: string) {
    super(path ? `${path}: ${problem}` : problem);
    this.path = path;
  }
}

/** A fresh attribute record without a prototype. */
export function emptyAttributes(): Attributes {
  return Object.create(null) as Attributes;
}
