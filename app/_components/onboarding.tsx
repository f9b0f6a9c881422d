/**
 * What an empty project shows instead of empty charts: the ingest endpoint as
 * this browser reaches it, a key, and the few lines that instrument an agent.
 */
import { headers } from 'next/headers';
import { CreateKeyForm } from '../(dashboard)/settings/create-key-form.tsx';
import { Card } from './ui.tsx';

async function collectorEndpoint(): Promise<string> {
  const configured = process.env.TOOLSCOPE_PUBLIC_COLLECTOR_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const requestHeaders = await headers();
  const host = requestHeaders.get('x-forwarded-host') ?? requestHeaders.get('host') ?? 'localhost';
  // Strip the dashboard's port (and IPv6 brackets stay intact): the collector listens on its own.
  const hostname = host.replace(/:\d+$/, '');
  const protocol = requestHeaders.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${protocol}://${hostname}:${process.env.TOOLSCOPE_COLLECTOR_PORT ?? '4318'}`;
}

export async function Onboarding({ projectId, projectName }: { projectId: string; projectName: string }) {
  const endpoint = await collectorEndpoint();
  return (
    <div className="onboarding" data-testid="onboarding">
      <Card title={`No tool calls in “${projectName}” yet`} subtitle="Three steps and your agent's tool calls show up here within seconds.">
        <ol className="steps">
          <li>
            <strong>Create an ingest key</strong> for this project.
            <CreateKeyForm projectId={projectId} defaultScope="ingest" />
          </li>
          <li>
            <strong>Point your agent at the collector</strong>:
            <pre className="code" data-testid="onboarding-endpoint">{`export TOOLSCOPE_ENDPOINT=${endpoint}
export TOOLSCOPE_API_KEY=<the key from step 1>`}</pre>
          </li>
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
