/**
 * What an empty project shows instead of empty charts: the ingest endpoint as
 * this browser reaches it, a key, and the few lines that instrument an agent.
 */
import { headers } from 'next/headers';
import { OnboardingSetup } from './onboarding-setup.tsx';
import { Card } from './ui.tsx';

/** The collector's port: from the URL `toolscope start` passes, else the port setting, else the OTLP default. */
function collectorPort(): string {
  const url = process.env.TOOLSCOPE_COLLECTOR_URL;
  if (url) {
    try {
      const port = new URL(url).port;
      if (port) return port;
    } catch {
      // fall through to the port setting
    }
  }
  return process.env.TOOLSCOPE_COLLECTOR_PORT ?? '4318';
}

/**
 * The ingest endpoint as the person reading this page reaches this machine:
 * the host they typed for the dashboard, with the collector's port. An
 * explicit TOOLSCOPE_PUBLIC_COLLECTOR_URL wins (proxies, other hosts).
 */
async function collectorEndpoint(): Promise<string> {
  const configured = process.env.TOOLSCOPE_PUBLIC_COLLECTOR_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const requestHeaders = await headers();
  const host = requestHeaders.get('x-forwarded-host') ?? requestHeaders.get('host') ?? 'localhost';
  const hostname = host.replace(/:\d+$/, '');
  const protocol = requestHeaders.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${protocol}://${hostname}:${collectorPort()}`;
}

export async function Onboarding({ projectId, projectName }: { projectId: string; projectName: string }) {
  const endpoint = await collectorEndpoint();
  return (
    <div className="onboarding" data-testid="onboarding">
      <Card title={`No tool calls in “${projectName}” yet`} subtitle="Three steps and your agent's tool calls show up here within seconds.">
        <ol className="steps">
          <OnboardingSetup projectId={projectId} endpoint={endpoint} />
          <li>
            <strong>Wrap your tools</strong> with the SDK, or keep your OpenTelemetry setup and add the Toolscope span
            processor:
            <pre className="code">{`import { z } from 'zod';
import { createToolscope } from 'toolscope/sdk';

const toolscope = createToolscope({ agentName: 'support-agent' });
const readFile = toolscope.defineTool({
  name: 'read_file',
  description: 'Reads a file of the workspace',
  schema: z.object({ path: z.string() }),
  run: ({ path }) => fs.readFile(path, 'utf8'),
});
// hand readFile.call(modelArguments) to your agent loop, then:
await toolscope.shutdown();`}</pre>
            <p className="muted small">
              Any OTLP/HTTP exporter works too: send GenAI <code>execute_tool</code> spans (or OpenInference, Vercel AI SDK,
              OpenLLMetry tool spans) to <code>{endpoint}/v1/traces</code> with <code>Authorization: Bearer &lt;key&gt;</code>.
            </p>
          </li>
        </ol>
      </Card>
    </div>
  );
}
