/**
 * Builds the collector's HTTP server: OTLP ingest, the read API, health.
 * Listening and background workers are the caller's business (see start.ts).
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { registerApiRoutes } from './api/index.ts';
import type { ServerDeps } from './deps.ts';
import { registerHealthRoutes } from './health.ts';
import { registerOtlpTraceRoutes } from './otlp-traces.ts';

export function buildCollectorServer(deps: ServerDeps): FastifyInstance {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    // One line per request would dwarf the data at ingest rates; errors are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Exporters keep connections open between batches.
    keepAliveTimeout: 65_000,
  });
  registerHealthRoutes(app, deps);
  registerOtlpTraceRoutes(app, deps);
  registerApiRoutes(app, deps);
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ error: `no route ${request.method} ${request.url}; OTLP goes to POST /v1/traces, the API lives under /api/v1 (see docs/api.md)` });
  });
  return app;
}
