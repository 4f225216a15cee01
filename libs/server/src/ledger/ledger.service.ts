import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { recordOf } from '@runik/rules';
import { Selectable, sql } from 'kysely';
import { Clock } from '../core/clock/clock';
import type { LedgerAccounts } from '../core/database/schema';
import { compiledOnce, db, firstRow, rows } from '../core/database/sql';
import { AccountRef, Asset, ASSETS, InsufficientFundsError, Leg, Posting, SystemAccount } from './ledger.types';
import { deferLegs, LegWrite, rowKey, writeLegs } from './ledger-writes';

interface ResolvedLeg extends Leg {
  accountId: number;
  allowNegative: boolean;
  system: boolean;
}

/** Player account ids kept in memory per process (a few MB at most). */
const PLAYER_ACCOUNTS_KEPT = 50_000;

/** What a posting needs of a ledger account. */
const accountColumns = ['id', 'allow_negative'] as const;
type AccountRow = Pick<Selectable<LedgerAccounts>, (typeof accountColumns)[number]>;

/**
 * The only writer of balances. Every posting balances to zero per asset, runs inside the
 * caller's transaction, and writes one append-only ledger entry per leg.
 */
@Injectable()
export class LedgerService {
  constructor(private readonly clock: Clock) {}

  /** Opens a player's ledger account; call in the transaction that creates the player. */
  async openPlayerAccount(manager: EntityManager, playerId: number): Promise<void> {
    await rows(manager, db.insertInto('ledger_accounts').values({ code: `player:${playerId}`, player_id: playerId }));
  }

  async post(manager: EntityManager, posting: Posting): Promise<void> {
    assertBalanced(posting.legs);
    const legs = await this.resolve(manager, mergeLegs(posting.legs));
    // One fixed lock order keeps concurrent postings from deadlocking: players' accounts first,
    // then the system accounts, which every posting shares and so should hold for the shortest time
    // (inside a transaction, those legs that cannot fail are written just before its COMMIT).
    legs.sort((a, b) => Number(a.system) - Number(b.system) || a.accountId - b.accountId || a.asset.localeCompare(b.asset));
    const postingId = randomUUID();
    const at = this.clock.now();
    const write = (leg: ResolvedLeg): LegWrite => ({ ...leg, postingId, reason: posting.reason, reference: posting.reference ?? null, at });
    const runner = manager.queryRunner;
    const deferrable = (leg: ResolvedLeg) =>
      runner?.isTransactionActive === true &&
      (leg.system ? leg.delta > 0 || leg.allowNegative : posting.deferCredits === true && leg.delta > 0);
    const immediate = legs.filter((leg) => !deferrable(leg));
    if (immediate.length > 0) {
      const changed = await writeLegs(manager, immediate.map(write));
      const refused = immediate.find((leg) => !changed.has(rowKey(leg.accountId, leg.asset)));
      if (refused) throw new InsufficientFundsError(refused.asset, refused.account);
    }
    if (runner && immediate.length < legs.length) deferLegs(runner, legs.filter(deferrable).map(write));
    if (!posting.spendsWithdrawable) await spendLockedFirst(manager, legs);
  }

  /**
   * Marks RUNIK just credited to a player as locked (docs/decisions.md, "Locked RUNIK"): theirs to
   * spend in the game, never to withdraw. Call in the transaction of the credit.
   */
  async lockRunik(manager: EntityManager, playerId: number, runik: number): Promise<void> {
    if (runik > 0) {
      await rows(
        manager,
        db
          .updateTable('players')
          .set((eb) => ({ locked_runik: eb('locked_runik', '+', runik) }))
          .where('id', '=', playerId),
      );
    }
  }

  /** RUNIK a player holds and may withdraw: their balance less their locked RUNIK. */
  async withdrawableOf(manager: EntityManager, playerId: number): Promise<number> {
    return (await this.runikOf(manager, playerId)).withdrawable;
  }

  /** A player's RUNIK in thousandths and, of it, what they may withdraw, in one statement. */
  async runikOf(manager: EntityManager, playerId: number): Promise<{ runik: number; withdrawable: number }> {
    return (await firstRow(manager, runikStatement(playerId))) ?? { runik: 0, withdrawable: 0 };
  }

  /** A player's balances in thousandths (assets never held read as 0). */
  async balancesOf(manager: EntityManager, playerId: number): Promise<Record<Asset, number>> {
    const held = await rows(manager, balancesStatement(playerId));
    return recordOf(ASSETS, (asset) => held.find((row) => row.asset === asset)?.amount ?? 0);
  }

  /** System accounts never change once migrated: their ids are looked up once per process. */
  private readonly systemAccounts = new Map<SystemAccount, AccountRow>();

  private async resolve(manager: EntityManager, legs: Leg[]): Promise<ResolvedLeg[]> {
    const resolved: ResolvedLeg[] = [];
    for (const leg of legs) {
      const row =
        'system' in leg.account
          ? await this.systemAccount(manager, leg.account.system)
          : await this.playerAccount(manager, leg.account.playerId);
      resolved.push({ ...leg, accountId: row.id, allowNegative: row.allow_negative, system: 'system' in leg.account });
    }
    return resolved;
  }

  private async systemAccount(manager: EntityManager, code: SystemAccount): Promise<AccountRow> {
    const known = this.systemAccounts.get(code);
    if (known) return known;
    const row = await firstRow(manager, db.selectFrom('ledger_accounts').select(accountColumns).where('code', '=', code));
    if (!row) throw new Error(`No ledger account ${code}`);
    this.systemAccounts.set(code, row);
    return row;
  }

  /**
   * Players' accounts never change once opened either (nothing updates or deletes ledger_accounts):
   * their ids are kept too, the most recently used first, up to PLAYER_ACCOUNTS_KEPT.
   */
  private readonly playerAccounts = new Map<number, AccountRow>();

  private async playerAccount(manager: EntityManager, playerId: number): Promise<AccountRow> {
    const known = this.playerAccounts.get(playerId);
    if (known) {
      this.playerAccounts.delete(playerId);
      this.playerAccounts.set(playerId, known);
      return known;
    }
    const row = await firstRow(manager, playerAccountStatement(playerId));
    if (!row) throw new Error(`No ledger account for player ${playerId}`);
    this.playerAccounts.set(playerId, row);
    if (this.playerAccounts.size > PLAYER_ACCOUNTS_KEPT) this.playerAccounts.delete(this.playerAccounts.keys().next().value as number);
    return row;
  }
}

// Statements of every money action (a city action reads the balances, a posting spends locked RUNIK): compiled once.
const playerAccountStatement = compiledOnce((playerId: number) =>
  db.selectFrom('ledger_accounts').select(accountColumns).where('player_id', '=', playerId),
);
const balancesStatement = compiledOnce((playerId: number) =>
  db
    .selectFrom('balances as b')
    .innerJoin('ledger_accounts as a', 'a.id', 'b.account_id')
    .select(['b.asset', 'b.amount'])
    .where('a.player_id', '=', playerId),
);
const runikStatement = compiledOnce((playerId: number) =>
  db
    .selectFrom('players as p')
    .innerJoin('ledger_accounts as a', 'a.player_id', 'p.id')
    .leftJoin('balances as b', (join) => join.onRef('b.account_id', '=', 'a.id').on('b.asset', '=', 'runik'))
    .select([
      sql<number>`coalesce(b.amount, 0)`.as('runik'),
      sql<number>`GREATEST(0, coalesce(b.amount, 0) - p.locked_runik)`.as('withdrawable'),
    ])
    .where('p.id', '=', playerId),
);
const spendLockedStatement = compiledOnce((playerId: number, delta: number) =>
  db
    .updateTable('players')
    .set({ locked_runik: sql<number>`GREATEST(0, locked_runik + ${delta})` })
    .where('id', '=', playerId)
    .where('locked_runik', '>', 0),
);

function accountKey(account: AccountRef): string {
  return 'system' in account ? account.system : `player:${account.playerId}`;
}

/** Combines legs on the same account and asset, dropping those that net to zero. */
function mergeLegs(legs: Leg[]): Leg[] {
  const merged = new Map<string, Leg>();
  for (const leg of legs) {
    const key = `${accountKey(leg.account)}|${leg.asset}`;
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, delta: existing.delta + leg.delta } : { ...leg });
  }
  return [...merged.values()].filter((leg) => leg.delta !== 0);
}

function assertBalanced(legs: Leg[]): void {
  const totals = new Map<Asset, number>();
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.delta)) throw new Error(`Ledger delta must be an integer of thousandths: ${leg.delta}`);
    totals.set(leg.asset, (totals.get(leg.asset) ?? 0) + leg.delta);
  }
  for (const [asset, total] of totals) {
    if (total !== 0) throw new Error(`Unbalanced posting: ${asset} legs sum to ${total}`);
  }
}

/** A player's RUNIK spent in the game comes out of their locked RUNIK first (a no-op for the many who hold none). */
async function spendLockedFirst(manager: EntityManager, legs: ResolvedLeg[]): Promise<void> {
  for (const leg of legs) {
    if (leg.system || leg.asset !== 'runik' || leg.delta >= 0 || !('playerId' in leg.account)) continue;
    await rows(manager, spendLockedStatement(leg.account.playerId, leg.delta));
  }
}
