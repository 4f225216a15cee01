// Counts the passed and failed tests of Jest's and Vitest's JSON reports, for `npm test` and `npm run test:changed`.
import { existsSync, readFileSync } from 'node:fs';

/**
 * `runs`: each report's file name in `resultsDir` and whether its runner exited 0. A missing report, a file that
 * failed without a failed test (it did not load, a hook failed) and a runner that failed after its tests passed
 * (an open handle, a teardown) each count as one failure.
 */
export function countResults(resultsDir, runs) {
  let passed = 0;
  let failed = 0;
  for (const [file, exitedOk] of Object.entries(runs)) {
    const path = `${resultsDir}/${file}`;
    if (!existsSync(path)) {
      console.error(`${file}: the run produced no results`);
      failed += 1;
      continue;
    }
    const report = JSON.parse(readFileSync(path, 'utf8'));
    passed += report.numPassedTests;
    const brokenFiles = report.testResults.filter(
      (result) => result.status === 'failed' && !result.assertionResults.some((test) => test.status === 'failed'),
    );
    for (const result of brokenFiles) console.error(`${result.name}: failed to run (see above): counted as one failure`);
    const failedHere = report.numFailedTests + brokenFiles.length;
    failed += failedHere;
    if (failedHere === 0 && (!report.success || !exitedOk)) {
      console.error(`${file}: the run failed with no failed test counted: counted as one failure`);
      failed += 1;
    }
  }
  return { passed, failed };
}
