import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const SERIOUS = new Set(['serious', 'critical']);

/** What axe-core finds serious or critical on the page as it is, one line each (none wanted). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Only the violations are read: axe then skips building a selector for every node that passed (a third of its CPU
  // on the game's screens). Every rule still runs.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `axe ${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
