import { expect, it } from 'vitest';
import { totals, type VitestJsonReport } from './vitestReport';

const file = (status: 'passed' | 'failed', ...tests: string[]) => ({ status, assertionResults: tests.map((s) => ({ status: s })) });

it('counts failed tests, and a file that failed without one as at least one failure', () => {
  // The shapes vitest 4 reports: a beforeAll that threw (tests skipped), a file that did not load (no tests),
  // a failed test, a failed describe-level beforeAll beside a passing test, and a clean file.
  const report: VitestJsonReport = {
    numPassedTests: 4,
    testResults: [
      file('failed', 'skipped', 'skipped'),
      file('failed'),
      file('failed', 'passed', 'failed'),
      file('failed', 'passed', 'skipped', 'skipped'),
      file('passed', 'passed', 'passed'),
    ],
  };
  expect(totals(report)).toEqual({ passed: 4, failed: 4 });
});
