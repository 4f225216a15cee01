import { ChainRuleError } from './errors';
import type { ChainOperation } from './operations';

/** hived's HIVE_CUSTOM_OP_BLOCK_LIMIT: custom_json operations one account may require per block. */
const LIMIT = 5;
/** Hive's block interval. */
const SLOT_MS = 3000;

/**
 * The custom_json block limit. The sim makes a block per transaction, so "a block" here is the
 * 3-second slot of wall time a mainnet block would cover. Like hived, it counts each custom_json
 * once for every account in its required_auths and required_posting_auths, and counts only
 * transactions that were applied.
 */
export class CustomOpLimit {
  private slot = 0;
  private readonly counts = new Map<string, number>();

  /** `blockClock` says which slot it is: the wall clock, or one a test holds still. */
  constructor(private readonly blockClock: () => number = Date.now) {}

  /** Throws hived's assertion if the operations would take an account over the limit in this slot. */
  check(operations: readonly ChainOperation[]): void {
    this.startSlot();
    for (const [account, count] of tally(operations)) {
      if ((this.counts.get(account) ?? 0) + count > LIMIT) {
        throw new ChainRuleError(
          `Assert Exception:insert_info.first->second <= HIVE_CUSTOM_OP_BLOCK_LIMIT: Account ${account} already submitted ${LIMIT} custom json operation(s) this block.`,
        );
      }
    }
  }

  /** Counts the operations of an applied transaction. */
  record(operations: readonly ChainOperation[]): void {
    this.startSlot();
    for (const [account, count] of tally(operations)) this.counts.set(account, (this.counts.get(account) ?? 0) + count);
  }

  private startSlot(): void {
    const slot = Math.floor(this.blockClock() / SLOT_MS);
    if (slot === this.slot) return;
    this.slot = slot;
    this.counts.clear();
  }
}

function tally(operations: readonly ChainOperation[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const operation of operations) {
    if (operation.type !== 'custom_json') continue;
    for (const account of new Set([...operation.requiredAuths, ...operation.requiredPostingAuths])) {
      counts.set(account, (counts.get(account) ?? 0) + 1);
    }
  }
  return counts;
}
