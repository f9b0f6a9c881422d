/**
 * First-start set-up: the `default` project with an ingest key, and the first
 * dashboard admin. Secrets are printed once, here, and never stored in clear.
 */
import { createApiKey } from '../auth/api-keys.ts';
import { ensureAdminUser } from '../auth/users.ts';
import type { Database } from '../db/client.ts';

export interface BootstrapResult {
  /** Lines to print once: the new ingest key with the variables an agent needs. */
  announcements: string[];
}

export async function bootstrapInstance(
  db: Database,
  options: { collectorUrl: string; adminEmail?: string | undefined; adminPassword?: string | undefined },
): Promise<BootstrapResult> {
  const announcements: string[] = [];
  if ((await db.prisma.project.count()) === 0) {
    const project = await db.prisma.project.create({ data: { name: 'default' } });
    const key = await createApiKey(db.prisma, { projectId: project.id, scope: 'ingest', name: 'first-start ingest key' });
    announcements.push(
      'Created project "default" and an ingest key (shown only now). Point an agent at Toolscope with:',
      `  export TOOLSCOPE_ENDPOINT=${options.collectorUrl}`,
      `  export TOOLSCOPE_API_KEY=${key.key}`,
      'or, for any OpenTelemetry OTLP exporter:',
      `  export OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=${options.collectorUrl}/v1/traces`,
      `  export OTEL_EXPORTER_OTLP_TRACES_HEADERS="Authorization=Bearer ${key.key}"`,
      '',
    );
  }
  const admin = await ensureAdminUser(db.prisma, { email: options.adminEmail, password: options.adminPassword });
  if (admin.created) {
    announcements.push(
      admin.generatedPassword
        ? `Dashboard admin: ${admin.email} / ${admin.generatedPassword} (shown only now; set TOOLSCOPE_ADMIN_PASSWORD to choose it yourself)`
        : `Dashboard admin: ${admin.email} (password from TOOLSCOPE_ADMIN_PASSWORD)`,
      '',
    );
  }
  return { announcements };
}
