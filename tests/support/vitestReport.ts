/** The `N passed, N failed` totals CI reads, from vitest's JSON report. */

/** The part of vitest's JSON report the totals need. */
export interface VitestJsonReport {
  numPassedTests: number;
  testResults: { status: 'passed' | 'failed'; assertionResults: { status: string }[] }[];
}

/**
 * Failed tests, plus one for each file that failed without a failed test: a file that did not load, or whose
 * beforeAll threw (its tests are reported as skipped), must not vanish from the count.
 */
export function totals(report: VitestJsonReport): { passed: number; failed: number } {
  let failed = 0;
  for (const file of report.testResults) {
    const failedTests = file.assertionResults.filter((t) => t.status === 'failed').length;
    failed += file.status === 'failed' ? Math.max(failedTests, 1) : failedTests;
  }
  return { passed: report.numPassedTests, failed };
}
