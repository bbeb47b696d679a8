// Prints vitest's JSON report as the plain closing line CI reads: "tests: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  console.log('tests: 0 passed, 1 failed');
  console.error('summarize-tests: vitest wrote no JSON report');
  process.exit(0);
}
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
