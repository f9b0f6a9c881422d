/**
 * CLI of the demo: `npx tsx examples/file-search-agent/main.ts [--runs N] [--seed S] [--endpoint URL]`.
 * Prints what it sent; exits 1 with one line of advice when no collector answers.
 */
import { parseArgs } from 'node:util';
import { CollectorUnavailableError, runDemo } from './demo.ts';
import type { DemoSummary } from './summary.ts';

function formatSummary(summary: DemoSummary): string {
  const lines = [
    `Sent ${summary.spansSent} spans from ${summary.runs} runs of the file-search agent to ${summary.endpoint} (seed ${summary.seed}).`,
    '',
    'tool              calls  failures',
    ...Object.entries(summary.toolCalls)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tool, { calls, failures }]) => `${tool.padEnd(16)} ${String(calls).padStart(6)} ${String(failures).padStart(9)}`),
    '',
    'error types:',
    ...Object.entries(summary.errorTypes)
      .sort(([, a], [, b]) => b - a)
      .map(([type, count]) => `  ${type.padEnd(32)} ${count}`),
    `model turns: ${summary.modelTurns}; protocol errors: ${JSON.stringify(summary.modelErrorTypes)}`,
    `loops: ${JSON.stringify(summary.loops)}; runs with contract violations: ${summary.runsWithViolations} ${JSON.stringify(summary.contractViolations)}`,
  ];
  if (summary.spansFailed > 0) lines.push(`WARNING: ${summary.spansFailed} spans were not accepted by the collector.`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { runs: { type: 'string' }, seed: { type: 'string' }, endpoint: { type: 'string' }, json: { type: 'boolean' } },
  });
  try {
    const summary = await runDemo({
      ...(values.endpoint ? { endpoint: values.endpoint } : {}),
      ...(values.runs ? { runs: Number(values.runs) } : {}),
      ...(values.seed ? { seed: Number(values.seed) } : {}),
      onProgress: (p) => {
        if (!values.json) process.stderr.write(`run ${p.run}/${p.runs}: ${p.project}, ${p.toolCalls} tool calls, ${p.failedToolCalls} failed, contract ${p.contract}\n`);
      },
    });
    console.log(values.json ? JSON.stringify(summary, null, 2) : formatSummary(summary));
    return summary.spansFailed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof CollectorUnavailableError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
