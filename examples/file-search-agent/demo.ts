/**
 * `runDemo`: the file-search agent run N times against a Toolscope collector,
 * instrumented the way an application that already uses OpenTelemetry would
 * be: a NodeSDK with the Toolscope span processor in its `spanProcessors`.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { createCollectorExporter, createToolscope, DEFAULT_ENDPOINT, toolscopeSpanProcessor } from '../../sdk/index.ts';
import { AGENT_NAME, runFileSearchAgent } from './agent.ts';
import { CountingExporter } from './counting-exporter.ts';
import { probeAdvice, probeCollector } from './probe.ts';
import { hashToUnit, seededRandom } from './random.ts';
import { createSampleFolder, SAMPLE_PROJECTS } from './sample-folder.ts';
import { planMistakes, ScriptedModel } from './scripted-model.ts';
import { summarise, type DemoSummary } from './summary.ts';
import { createFileTools } from './tools.ts';

export interface DemoProgress {
  readonly run: number;
  readonly runs: number;
  readonly project: string;
  readonly toolCalls: number;
  readonly failedToolCalls: number;
  readonly contract: 'passed' | 'violated' | 'none';
}

export interface DemoOptions {
  readonly endpoint?: string;
  readonly apiKey?: string;
  /** Agent runs to make. Default 20. */
  readonly runs?: number;
  /** Same seed, same mistakes, same summary. Default 42. */
  readonly seed?: number;
  readonly onProgress?: (progress: DemoProgress) => void;
}

/** Thrown when there is no collector to send to; `message` is one line saying what to do. */
export class CollectorUnavailableError extends Error {
  override readonly name = 'CollectorUnavailableError';
}

/** Share of search attempts that hang until their timeout (the retry then succeeds). */
const SEARCH_STALL_RATE = 0.2;

export async function runDemo(options: DemoOptions = {}): Promise<DemoSummary> {
  const endpoint = options.endpoint ?? process.env['TOOLSCOPE_ENDPOINT'] ?? DEFAULT_ENDPOINT;
  const apiKey = options.apiKey ?? process.env['TOOLSCOPE_API_KEY'] ?? '';
  const runs = options.runs ?? 20;
  const seed = options.seed ?? 42;
  if (!Number.isInteger(runs) || runs < 1) throw new RangeError('runDemo: runs must be a positive integer');
  if (!apiKey) {
    throw new CollectorUnavailableError(
      'No API key: run `npm run demo` (it makes a key for project "demo"), or set TOOLSCOPE_API_KEY to an ingest key (`npx toolscope keys create --project demo --scope ingest`).',
    );
  }
  const probe = await probeCollector(endpoint, apiKey);
  if (!probe.ok) throw new CollectorUnavailableError(probeAdvice(endpoint, probe));

  const counting = new CountingExporter(createCollectorExporter({ endpoint, apiKey }));
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': 'toolscope-demo' }),
    spanProcessors: [toolscopeSpanProcessor({ exporter: counting })],
    instrumentations: [],
  });
  sdk.start();
  const folder = await createSampleFolder();
  try {
    const random = seededRandom(seed);
    const toolscope = createToolscope({ agentName: AGENT_NAME, random });
    const tools = createFileTools(folder.root, {
      searchStalls: (callId, attempt) => attempt === 1 && hashToUnit(seed, callId) < SEARCH_STALL_RATE,
    });
    for (let i = 0; i < runs; i++) {
      const project = SAMPLE_PROJECTS[Math.floor(random() * SAMPLE_PROJECTS.length)]!;
      const label = `${seed}_${i + 1}`;
      const model = new ScriptedModel(project, planMistakes(random), label, random);
      const outcome = await runFileSearchAgent({ model, tools, project, sessionId: `demo-${label}` });
      options.onProgress?.({
        run: i + 1,
        runs,
        project: project.name,
        toolCalls: outcome.toolCalls,
        failedToolCalls: outcome.failedToolCalls,
        contract: outcome.contract?.verdict ?? 'none',
      });
    }
    await toolscope.shutdown();
  } finally {
    await sdk.shutdown();
    // NodeSDK registered these globals; release them so the host process (or the next demo) starts clean.
    trace.disable();
    context.disable();
    propagation.disable();
    await folder.remove();
  }
  return summarise(counting.delivered, { endpoint, seed, spansFailed: counting.failedSpans });
}
