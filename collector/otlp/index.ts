/**
 * OTLP trace export, decoded and answered: pure functions over plain types.
 * The HTTP server picks the content type (and gunzips); this module does the rest.
 */
import { decodeJsonTraceRequest } from './decode-json.ts';
import { decodeProtobufTraceRequest } from './decode-protobuf.ts';
import type { OtlpContentType, OtlpTraceRequest } from './types.ts';

export {
  emptyAttributes,
  OtlpDecodeError,
  SpanKind,
  StatusCode,
  type AttrMap,
  type AttrValue,
  type Attributes,
  type OtlpContentType,
  type OtlpEvent,
  type OtlpResourceSpans,
  type OtlpScope,
  type OtlpScopeSpans,
  type OtlpSpan,
  type OtlpStatus,
  type OtlpTraceRequest,
} from './types.ts';
export { spanRejectionReason, normalizedParentSpanId } from './validate-span.ts';
export {
  encodeRpcStatus,
  encodeTraceResponse,
  responseMediaType,
  RpcCode,
  type PartialSuccess,
  type RpcStatus,
} from './response.ts';

/**
 * Decodes an `ExportTraceServiceRequest` body (already gunzipped).
 * @throws OtlpDecodeError when the body is not a well-formed request; its message says what and where.
 */
export function decodeTraceRequest(body: Uint8Array, contentType: OtlpContentType): OtlpTraceRequest {
  return contentType === 'protobuf' ? decodeProtobufTraceRequest(body) : decodeJsonTraceRequest(body);
}

/** `protobuf` or `json` from a Content-Type header (matched by substring, as OTLP/HTTP says); null for anything else (415). */
export function otlpContentTypeOf(header: string | undefined): OtlpContentType | null {
  if (!header) return null;
  const lower = header.toLowerCase();
  if (lower.includes('application/x-protobuf') || lower.includes('application/protobuf')) return 'protobuf';
  if (lower.includes('application/json')) return 'json';
  return null;
}
