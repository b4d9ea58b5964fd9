// Adds up the JSON reports of every test runner and prints the closing line CI reads.
// Usage: node .ci/summarize.mjs <reports-dir> [failed step names...]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [reportsDir, ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

function countPlaywrightSuite(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'expected' || test.status === 'flaky') passed++;
      else if (test.status === 'skipped') skipped++;
      else failed++;
    }
  }
  for (const child of suite.suites ?? []) countPlaywrightSuite(child);
}

for (const file of existsSync(reportsDir) ? readdirSync(reportsDir) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(reportsDir, file), 'utf8'));
  if ('numPassedTests' in report) {
    // vitest's JSON reporter (jest-compatible shape)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.suites) {
    const before = { passed, failed };
    for (const suite of report.suites) countPlaywrightSuite(suite);
    console.log(`${file}: ${passed - before.passed} passed, ${failed - before.failed} failed`);
    // A runner that crashed before any test still leaves errors in its report.
    failed += (report.errors ?? []).length;
  }
}

for (const step of failedSteps) console.log(`failed step: ${step}`);
// A failed step with no failing test (lint, typecheck, a crashed runner) still counts as a failure.
failed += failedSteps.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
