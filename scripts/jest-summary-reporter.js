// Appends each jest run's counts to $TEST_SUMMARY_FILE so .ci/run can print one closing
// line "N passed, N failed" over the unit, integration and end-to-end runs of `npm test`.
import { appendFileSync } from 'node:fs';

export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.TEST_SUMMARY_FILE;
    if (!file) return;
    // A suite that fails to load has no failed test but is a failure all the same.
    const brokenSuites = results.testResults.filter((r) => r.testExecError || (r.failureMessage && r.numFailingTests === 0)).length;
    const line = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + brokenSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    appendFileSync(file, JSON.stringify(line) + '\n');
  }
}
