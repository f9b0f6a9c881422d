/**
 * Ends a test run with one plain line, `N passed, N failed, N skipped`, that
 * any CI reads the same way whatever the runner.
 */
import type { Reporter, TestModule } from 'vitest/node';

type SerializedError = Parameters<NonNullable<Reporter['onTestRunEnd']>>[1][number];

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load has no tests to count but is still a failure.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    // Errors outside any test (a broken config, a crash between tests) fail the run too.
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    // A run that executed nothing proves nothing: make it fail loudly.
    if (failed > 0 || passed === 0) process.exitCode = 1;
  }
}
