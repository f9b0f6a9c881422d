/**
 * Tells "the database is unreachable" apart from other failures, so ingest can
 * answer 503 + Retry-After (the exporter retries) instead of losing data.
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const err = e as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof err.code === 'string' ? err.code : '';
    // SQLSTATE class 08 (connection exception), 57P01–57P03 (admin shutdown, cannot connect now).
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
    const message = typeof err.message === 'string' ? err.message : '';
    if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)|terminating connection/i.test(message)) {
      return true;
    }
    e = err.cause;
  }
  return false;
}
