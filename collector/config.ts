/**
 * Environment configuration of the collector and the `toolscope` CLI, validated
 * once with zod so a bad value fails at start with a message naming the fix.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

// 0 lets the OS pick a free port (tests).
const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// connection string')
    .optional(),
  TOOLSCOPE_HOME: z.string().min(1).default('./.toolscope'),
  TOOLSCOPE_HOST: z.string().min(1).default('0.0.0.0'),
  TOOLSCOPE_COLLECTOR_PORT: port(4318),
  TOOLSCOPE_DASHBOARD_PORT: port(3000),
  /** Port of the embedded Postgres; not 5432 so it never collides with a system server. */
  TOOLSCOPE_PG_PORT: port(54329),
  /** Largest OTLP body accepted, measured after decompression. */
  TOOLSCOPE_MAX_BODY_BYTES: positiveInt(16 * 1024 * 1024),
  /** Stored arguments and results are cut to this many characters. */
  TOOLSCOPE_MAX_PAYLOAD_CHARS: positiveInt(16_384),
  TOOLSCOPE_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('warn'),
});

export interface Config {
  databaseUrl: string | undefined;
  home: string;
  host: string;
  collectorPort: number;
  dashboardPort: number;
  embeddedPgPort: number;
  maxBodyBytes: number;
  maxPayloadChars: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `VAR=` in a shell or compose file means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid environment: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    home: resolve(e.TOOLSCOPE_HOME),
    host: e.TOOLSCOPE_HOST,
    collectorPort: e.TOOLSCOPE_COLLECTOR_PORT,
    dashboardPort: e.TOOLSCOPE_DASHBOARD_PORT,
    embeddedPgPort: e.TOOLSCOPE_PG_PORT,
    maxBodyBytes: e.TOOLSCOPE_MAX_BODY_BYTES,
    maxPayloadChars: e.TOOLSCOPE_MAX_PAYLOAD_CHARS,
    logLevel: e.TOOLSCOPE_LOG_LEVEL,
  };
}
