/**
 * Per-call overhead of the SDK: a wrapped tool vs the bare function vs a bare
 * OpenTelemetry span around the same function, measured in one process with
 * the batch span processor and an in-memory exporter (so no network time).
 *
 *   npx tsx test/bench/sdk/run.ts [--write]
 *
 * Variants run interleaved, round after round, and the median round is
 * reported, so a slow moment of the machine hits all of them alike.
 * `--write` replaces the `## SDK overhead` section of docs/benchmarks.md.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { createToolscope, defineTool } from '../../../sdk/index.ts';

const ROUNDS = 15;
const CALLS_PER_ROUND = 4_000;
const WARMUP_CALLS = 20_000;

interface Variant {
  readonly name: string;
  readonly call: () => Promise<unknown>;
}

const exporter = new InMemorySpanExporter();
const toolscope = createToolscope({
  provider: 'own',
  exporter,
  agentName: 'bench-agent',
  // Export often enough that the queue never fills and drops spans (dropping would flatter the numbers).
  batch: { maxQueueSize: 65_536, maxExportBatchSize: 2_048, scheduledDelayMillis: 50 },
});

/** The work the tool does: trivial on purpose, so what is measured is the wrapping. */
async function readLines(args: { path: string; offset: number }): Promise<{ path: string; lines: string[] }> {
  return { path: args.path, lines: [`line ${args.offset}`] };
}

const tool = defineTool({
  name: 'read_file',
  description: 'Read lines of a file',
  schema: z.object({ path: z.string(), offset: z.number().int().min(0).default(0) }),
  run: readLines,
});

const args = { path: 'notes/todo.txt', offset: 3 };
const argsJson = JSON.stringify(args);
const tracer = toolscope.core.tracer;

const variants: Variant[] = [
  { name: 'bare function', call: () => readLines(args) },
  {
    name: 'bare OTel span',
    call: async () => {
      const span = tracer.startSpan('execute_tool read_file', { attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'read_file' } });
      try {
        return await readLines(args);
      } finally {
        span.end();
      }
    },
  },
  { name: 'wrapped tool (object args)', call: () => tool.call(args) },
  { name: 'wrapped tool (JSON string args)', call: () => tool.call(argsJson) },
];

async function timeRound(variant: Variant, calls: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await variant.call();
  return Number(process.hrtime.bigint() - start) / calls;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  for (const variant of variants) await timeRound(variant, WARMUP_CALLS);
  const samples = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of variants) samples.get(variant.name)!.push(await timeRound(variant, CALLS_PER_ROUND));
    exporter.reset();
  }
  await toolscope.shutdown();

  const bare = median(samples.get('bare function')!);
  const span = median(samples.get('bare OTel span')!);
  const rows = variants.map((variant) => {
    const values = samples.get(variant.name)!;
    const ns = median(values);
    return { name: variant.name, ns, min: Math.min(...values), max: Math.max(...values), overhead: ns - bare, perSpan: ns / span };
  });
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
  // Absolute numbers move with the machine's load; the ratio to a bare span (same run, interleaved) moves much less.
  const table = [
    '| variant | median ns/op | min–max ns/op (rounds) | overhead vs bare function | × bare OTel span |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((row) =>
      `| ${row.name} | ${fmt(row.ns)} | ${fmt(row.min)}–${fmt(row.max)} | ${row.name === 'bare function' ? '—' : `+${fmt(row.overhead)} ns`} | ${row.perSpan.toFixed(2)} |`,
    ),
  ].join('\n');
  console.log(table);
  console.log(`\n${ROUNDS} rounds × ${CALLS_PER_ROUND} calls each, after ${WARMUP_CALLS} warm-up calls per variant; Node ${process.version}, ${cpu} (${os.cpus().length} cores).`);

  if (process.argv.includes('--write')) await writeSection(table, cpu);
}

async function writeSection(table: string, cpu: string): Promise<void> {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md');
  const existing = await readFile(file, 'utf8').catch(() => '# Benchmarks\n');
  const section = [
    '## SDK overhead',
    '',
    'Per-call cost of `defineTool` (parse, zod validation, one `execute_tool` span with redacted and truncated arguments and result) against the bare function and against a bare OpenTelemetry span around the same function. One process, variants interleaved round by round; the batch span processor exports to an in-memory exporter, so no network time is included.',
    '',
    table,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on Node ${process.version}, ${cpu} (${os.cpus().length} cores); ${ROUNDS} rounds × ${CALLS_PER_ROUND} calls, median round reported.`,
    '',
    'Reproduce: `npx tsx test/bench/sdk/run.ts` (add `--write` to refresh this section).',
    '',
  ].join('\n');
  // Replace only our section: other sections (e.g. `## Ingest`) belong to other benchmarks.
  const pattern = /## SDK overhead\n[\s\S]*?(?=\n## |$)/;
  const updated = pattern.test(existing) ? existing.replace(pattern, section.trimEnd() + '\n') : `${existing.trimEnd()}\n\n${section}`;
  await writeFile(file, updated.endsWith('\n') ? updated : `${updated}\n`, 'utf8');
  console.log(`Wrote the "SDK overhead" section of ${path.relative(process.cwd(), file)}.`);
}

await main();
