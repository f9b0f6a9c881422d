/**
 * Encoders for the collector's replies, in the request's content type:
 * `ExportTraceServiceResponse` on success (with `partialSuccess` when spans
 * were rejected) and `google.rpc.Status` for error replies, as OTLP/HTTP asks.
 */
import { ExportTraceServiceResponseType, RpcStatusType } from './proto-schema.ts';
import type { OtlpContentType } from './types.ts';

export interface PartialSuccess {
  rejectedSpans: number;
  errorMessage: string;
}

/** `google.rpc.Code` values the collector uses. */
export const RpcCode = {
  INVALID_ARGUMENT: 3,
  UNAUTHENTICATED: 16,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  UNAVAILABLE: 14,
  INTERNAL: 13,
  UNIMPLEMENTED: 12,
} as const;

export interface RpcStatus {
  code: number;
  message: string;
}

/** `application/x-protobuf` or `application/json` for a reply body. */
export function responseMediaType(contentType: OtlpContentType): string {
  return contentType === 'protobuf' ? 'application/x-protobuf' : 'application/json';
}

/**
 * Full success is the empty message (zero bytes in protobuf, `{}` in JSON).
 * `partial` with rejected spans or a warning message sets `partialSuccess`.
 */
export function encodeTraceResponse(partial: PartialSuccess | null, contentType: 'protobuf'): Buffer;
export function encodeTraceResponse(partial: PartialSuccess | null, contentType: 'json'): string;
export function encodeTraceResponse(partial: PartialSuccess | null, contentType: OtlpContentType): Buffer | string;
export function encodeTraceResponse(partial: PartialSuccess | null, contentType: OtlpContentType): Buffer | string {
  const hasPartial = partial !== null && (partial.rejectedSpans > 0 || partial.errorMessage !== '');
  if (contentType === 'json') {
    if (!hasPartial) return '{}';
    // int64 is a decimal string in the protobuf JSON mapping.
    return JSON.stringify({
      partialSuccess: { rejectedSpans: String(partial.rejectedSpans), errorMessage: partial.errorMessage },
    });
  }
  if (!hasPartial) return Buffer.alloc(0);
  const message = ExportTraceServiceResponseType.fromObject({
    partialSuccess: { rejectedSpans: partial.rejectedSpans, errorMessage: partial.errorMessage },
  });
  return toBuffer(ExportTraceServiceResponseType.encode(message).finish());
}

/** The body of an OTLP/HTTP error reply (4xx/5xx). */
export function encodeRpcStatus(status: RpcStatus, contentType: 'protobuf'): Buffer;
export function encodeRpcStatus(status: RpcStatus, contentType: 'json'): string;
export function encodeRpcStatus(status: RpcStatus, contentType: OtlpContentType): Buffer | string;
export function encodeRpcStatus(status: RpcStatus, contentType: OtlpContentType): Buffer | string {
  if (contentType === 'json') return JSON.stringify({ code: status.code, message: status.message });
  const message = RpcStatusType.fromObject({ code: status.code, message: status.message });
  return toBuffer(RpcStatusType.encode(message).finish());
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
