// Jest's order of test files: the longest first, so that no worker is left with a long file while the
// others idle at the end of the run. Jest knows a file's duration only from its cache of an earlier run on
// this machine; on a fresh clone (CI) it falls back to the file's size, which ranks the system project's
// longest files (long waits on the chain and on crashed processes, few lines) near the end. So a file
// without a cached duration takes the one measured for it below, else an estimate from its size.
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const WORKSPACE_ROOT = join(__dirname, '..');

/**
 * Seconds measured for the slowest files (`npm test` on a fresh clone, 3 system and 2 browser workers,
 * 2026-11-28, quiet machine), by path from the repository's root (the system and browser projects have files of the
 * same name); refresh when a file's length changes much (tmp/test-results/jest.json and jest-browser.json have every
 * file's start and end). The system files' figures are mostly waits (the chain lagging, processes killed); the
 * browser's, Chromium's work.
 */
const MEASURED_SECONDS = {
  'apps/e2e/src/api/engine-lag.spec.ts': 119,
  'apps/e2e/src/api/outages.spec.ts': 89,
  'apps/e2e/src/api/throne.spec.ts': 73,
  'apps/e2e/src/api/refund-flood.spec.ts': 71,
  'apps/e2e/src/api/worker-liveness.spec.ts': 39,
  'apps/e2e/src/api/alliance.spec.ts': 37,
  'apps/e2e/src/api/trading.spec.ts': 32,
  'apps/e2e/src/api/shop-payments.spec.ts': 32,
  'apps/e2e/src/api/nginx-proxy.spec.ts': 30,
  'apps/e2e/src/api/packs-payments.spec.ts': 28,
  'apps/e2e/src/api/withdraw-queue.spec.ts': 22,
  'apps/e2e/src/api/alliance-chat.spec.ts': 20,
  'apps/e2e/src/api/worker-crash.spec.ts': 19,
  'apps/e2e/src/api/durable-work.spec.ts': 18,
  'apps/e2e/src/api/deposit.spec.ts': 18,
  'apps/e2e/src/api/node-failover.spec.ts': 17,
  'apps/e2e/src/api/chain-follower.spec.ts': 17,
  'apps/e2e/src/browser/screens.spec.ts': 155,
  'apps/e2e/src/browser/city.spec.ts': 74,
  'apps/e2e/src/browser/first-steps.spec.ts': 29,
};

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const estimate = (test) => {
      const cached = this.time(test);
      if (cached != null) return cached;
      const measured = MEASURED_SECONDS[relative(WORKSPACE_ROOT, test.path)];
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
