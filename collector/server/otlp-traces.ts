/**
 * POST /v1/traces: the OTLP/HTTP receiver. Authenticates the project ingest
 * key before reading the body, limits the body after decompression, decodes,
 * normalises and stores in one transaction, and only then answers 200.
 * Postgres being unreachable is a 503 with Retry-After, which OTLP exporters retry.
 */
import { promisify } from 'node:util';
import { gunzip, inflate } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keyFromHeaders } from '../auth/api-keys.ts';
import { storeRecords } from '../ingest/store.ts';
import { normalizeRequest } from '../normalize/index.ts';
import {
  decodeTraceRequest,
  encodeRpcStatus,
  encodeTraceResponse,
  OtlpDecodeError,
  otlpContentTypeOf,
  responseMediaType,
  RpcCode,
  type OtlpContentType,
} from '../otlp/index.ts';
import { isDatabaseUnavailable } from './db-errors.ts';
import type { ServerDeps } from './deps.ts';

const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);

/** Seconds an exporter should wait before retrying while Postgres is unreachable. */
const RETRY_AFTER_SECONDS = 2;

declare module 'fastify' {
  interface FastifyRequest {
    ingestProjectId: string;
    otlpContentType: OtlpContentType;
  }
}

class BodyTooLargeError extends Error {}

export function registerOtlpTraceRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { maxBodyBytes, maxPayloadChars } = deps.config;

  // An encapsulated scope, so its raw-body parser does not change the JSON API's.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBodyBytes }, (_request, body, done) => done(null, body));

    scope.setErrorHandler(async (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
      const contentType = request.otlpContentType ?? 'json';
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
        return sendStatus(reply, contentType, 413, RpcCode.RESOURCE_EXHAUSTED, `body exceeds ${maxBodyBytes} bytes; send smaller batches (e.g. lower the batch span processor's maxExportBatchSize) or raise TOOLSCOPE_MAX_BODY_BYTES`);
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendStatus(reply, contentType, error.statusCode, RpcCode.INVALID_ARGUMENT, error.message);
      }
      request.log.error({ err: error }, 'ingest failed');
      return sendStatus(reply, contentType, 500, RpcCode.INTERNAL, 'internal error while ingesting; see the collector log');
    });

    scope.addHook('onRequest', async (request, reply) => {
      const contentType = otlpContentTypeOf(request.headers['content-type']);
      if (!contentType) {
        return sendStatus(reply, 'json', 415, RpcCode.INVALID_ARGUMENT, `unsupported content type ${JSON.stringify(request.headers['content-type'] ?? '')}: send application/x-protobuf or application/json`);
      }
      request.otlpContentType = contentType;
      let key;
      try {
        key = await deps.keys.authenticate(keyFromHeaders(request.headers), 'ingest');
      } catch (error) {
        if (isDatabaseUnavailable(error)) return unavailable(reply, contentType);
        throw error;
      }
      if (!key) {
        return sendStatus(reply, contentType, 401, RpcCode.UNAUTHENTICATED, 'a valid ingest key is required: send `Authorization: Bearer <key>` or `x-api-key: <key>` (create one with `toolscope keys create --project NAME --scope ingest`)');
      }
      request.ingestProjectId = key.projectId;
    });

    scope.post('/v1/traces', async (request: FastifyRequest, reply: FastifyReply) => {
      const contentType = request.otlpContentType;
      let body: Buffer;
      try {
        body = await decompress(request.body as Buffer | undefined, request.headers['content-encoding'], maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          return sendStatus(reply, contentType, 413, RpcCode.RESOURCE_EXHAUSTED, `decompressed body exceeds ${maxBodyBytes} bytes; send smaller batches or raise TOOLSCOPE_MAX_BODY_BYTES`);
        }
        return sendStatus(reply, contentType, 400, RpcCode.INVALID_ARGUMENT, (error as Error).message);
      }

      let decoded;
      try {
        decoded = decodeTraceRequest(body, contentType);
      } catch (error) {
        if (error instanceof OtlpDecodeError) {
          return sendStatus(reply, contentType, 400, RpcCode.INVALID_ARGUMENT, `could not decode ExportTraceServiceRequest: ${error.message}`);
        }
        throw error;
      }

      const normalized = normalizeRequest(decoded, { maxPayloadChars });
      try {
        await storeRecords(deps.db.pool, request.ingestProjectId, normalized.records);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          request.log.warn({ err: error }, 'database unavailable; asking the exporter to retry');
          return unavailable(reply, contentType);
        }
        throw error;
      }

      const partial =
        normalized.rejected.length > 0
          ? { rejectedSpans: normalized.rejected.length, errorMessage: summariseRejections(normalized.rejected) }
          : null;
      return reply.code(200).type(responseMediaType(contentType)).send(encodeTraceResponse(partial, contentType));
    });
  });
}

async function decompress(body: Buffer | undefined, encoding: string | undefined, limit: number): Promise<Buffer> {
  const raw = body ?? Buffer.alloc(0);
  const coding = (encoding ?? 'identity').trim().toLowerCase();
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return await gunzipAsync(raw, { maxOutputLength: limit });
    if (coding === 'deflate') return await inflateAsync(raw, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new BodyTooLargeError();
    throw new Error(`body is not valid ${coding} data: ${(error as Error).message}`);
  }
  if (coding === 'identity' || coding === '') return raw;
  throw new Error(`unsupported content-encoding ${JSON.stringify(coding)}: send gzip, deflate or no encoding`);
}

function summariseRejections(rejected: ReadonlyArray<{ spanId: string | null; reason: string }>): string {
  const shown = rejected.slice(0, 3).map((r) => (r.spanId ? `span ${r.spanId}: ${r.reason}` : r.reason));
  const more = rejected.length > 3 ? ` (and ${rejected.length - 3} more)` : '';
  return `${rejected.length} span(s) rejected: ${shown.join('; ')}${more}`;
}

function unavailable(reply: FastifyReply, contentType: OtlpContentType): FastifyReply {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return sendStatus(reply, contentType, 503, RpcCode.UNAVAILABLE, 'database unavailable; retry later (nothing from this request was stored)');
}

function sendStatus(reply: FastifyReply, contentType: OtlpContentType, httpStatus: number, code: number, message: string): FastifyReply {
  return reply.code(httpStatus).type(responseMediaType(contentType)).send(encodeRpcStatus({ code, message }, contentType));
}
