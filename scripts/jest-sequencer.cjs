// Jest's order of test files: the longest first, so that no worker is left with a long file while the
// others idle at the end of the run. Jest knows a file's duration only from its cache of an earlier run on
// this machine; on a fresh clone (CI) it falls back to the file's size, which ranks the system project's
// longest files (long waits on the chain and on crashed processes, few lines) near the end. So a file
// without a cached duration takes the one measured for it below, else an estimate from its size.
const { basename } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Seconds measured for the slowest files (`npm test`, 3 workers, 2026-11-26); refresh when a file's length
 * changes much (tmp/test-results/jest.json has every file's start and end).
 */
const MEASURED_SECONDS = {
  'outages.spec.ts': 83,
  'engine-lag.spec.ts': 81,
  'throne.spec.ts': 72,
  'alliance.spec.ts': 60,
  'trading.spec.ts': 56,
  'worker-crash.spec.ts': 40,
  // Measured alone on a loaded machine (issue 34), not yet in an npm test run.
  'worker-liveness.spec.ts': 48,
  'nginx-proxy.spec.ts': 42,
  'backup-restore.spec.ts': 39,
  'development-logs.spec.ts': 37,
  'secret-files.spec.ts': 37,
  'chain-follower.spec.ts': 37,
  'shop-payments.spec.ts': 34,
  'gears.spec.ts': 33,
  'deposit.spec.ts': 31,
  'operations.spec.ts': 30,
  'packs-payments.spec.ts': 29,
  'security.spec.ts': 29,
  'withdraw-queue.spec.ts': 27,
  'many-instances.spec.ts': 26,
  'shop.spec.ts': 26,
  'durable-work.spec.ts': 25,
};

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const estimate = (test) => {
      const cached = this.time(test);
      if (cached != null) return cached;
      const measured = MEASURED_SECONDS[basename(test.path)];
      if (measured != null) return measured * 1000;
      // About a millisecond per byte of a system file; a unit file's estimate is small either way.
      return test.context.hasteFS.getSize(test.path) ?? 0;
    };
    // As Jest's own sort: the cached duration (Jest reads it to choose running in band for a quick run).
    for (const test of tests) test.duration = this.time(test);
    const keyed = tests.map((test) => ({ test, failed: this.hasFailed(test), ms: estimate(test) }));
    keyed.sort((a, b) => (a.failed !== b.failed ? (a.failed ? -1 : 1) : b.ms - a.ms));
    return keyed.map(({ test }) => test);
  }
}

module.exports = LongestFirstSequencer;
