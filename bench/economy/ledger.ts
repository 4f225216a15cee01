/**
 * The simulation's own RUNIK ledger (thousandths): every movement is a mint, a burn, a transfer
 * between accounts, a deposit or a withdrawal, with a reason, as the game's ledger records them.
 * A debit larger than the balance is refused, as the game's check-and-debit refuses it.
 */
import { noResources, recordOf, RESOURCE_KEYS, ResourceAmounts, RunikHolding } from '@runik/rules';

export const MINT_REASONS = ['conversion', 'citadel-reward', 'shop', 'quest'] as const;
export type MintReason = (typeof MINT_REASONS)[number];
/** Troops cost resources, never RUNIK (training, healing, upkeep): they show as resources not converted. */
export const BURN_REASONS = ['upgrades', 'speed-ups', 'resources-bought', 'packs'] as const;
export type BurnReason = (typeof BURN_REASONS)[number];
export const TRANSFER_REASONS = ['gear-sale', 'listing-fee', 'sale-tax'] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

/** A bot's account is its id; the game's own accounts hold what is not any player's. */
export const SYSTEM_ACCOUNTS = ['system:tax', 'system:fees', 'system:rewards'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];
export type Account = number | SystemAccount;

/**
 * Each RUNIK entry's kind, as the server's ledger reasons carry one (libs/contract/src/economy/ledger-reasons.ts):
 * a mint into a balance its player may withdraw is `budgeted-mint`, one posted locked `game-only-mint`,
 * a deposit `backed-mint`. The pass criteria read these entries, never the emission budget's own records.
 */
export type MintKind = 'budgeted-mint' | 'game-only-mint' | 'backed-mint';

/** What moved in one day. */
export interface LedgerDay {
  minted: Record<MintReason, number>;
  burned: Record<BurnReason, number>;
  transferred: Record<TransferReason, number>;
  /** Credits to each system account (the conversion and sale tax, listing fees, reward remainders). */
  systemCredits: Record<SystemAccount, number>;
  deposits: number;
  withdrawals: number;
  /** Per player: RUNIK credited that day other than by deposits (what could be withdrawn), and RUNIK spent in the game. */
  earnedBy: Map<number, number>;
  spentBy: Map<number, number>;
  /** Per player: RUNIK credited by entries of each mint kind, and game-only RUNIK an activation's release made withdrawable. */
  mintedBy: Record<MintKind, Map<number, number>>;
  releasedBy: Map<number, number>;
  /** Per player: what it harvested, summed per resource (the next day's shares' weights, as the server sums its harvest entries). */
  harvestedBy: Map<number, ResourceAmounts>;
  /** Withdrawals asked that day, in order: account and amount. */
  asked: { account: number; amount: number }[];
}

export interface ConservationCheck {
  ok: boolean;
  /** Sum of all balances + burned − minted − deposits + withdrawals: 0 from the first day to the last. */
  drift: number;
  negativeAccounts: number;
}

const zeroes = <K extends string>(keys: readonly K[]) => recordOf(keys, () => 0);

export function emptyDay(): LedgerDay {
  return {
    minted: zeroes(MINT_REASONS),
    burned: zeroes(BURN_REASONS),
    transferred: zeroes(TRANSFER_REASONS),
    systemCredits: zeroes(SYSTEM_ACCOUNTS),
    deposits: 0,
    withdrawals: 0,
    earnedBy: new Map(),
    spentBy: new Map(),
    mintedBy: { 'budgeted-mint': new Map(), 'game-only-mint': new Map(), 'backed-mint': new Map() },
    releasedBy: new Map(),
    harvestedBy: new Map(),
    asked: [],
  };
}

const add = (map: Map<number, number>, account: number, amount: number) => map.set(account, (map.get(account) ?? 0) + amount);

/**
 * Besides balances, what of a player's RUNIK may become RNK: a paid account's balance less its locked
 * RUNIK (bought with SWAP.HIVE, or kept back at a late activation: spendable, never withdrawable); a
 * free account's none (until an activation releases part of it).
 */
export class RunikLedger {
  private readonly balances = new Map<Account, number>();
  private readonly locked = new Map<number, number>();
  private readonly paid = new Set<number>();
  /** The day (0-based) each account became paid, for the criteria (a share counts paid players by the day's start). */
  private readonly paidOn = new Map<number, number>();
  /** Per player since it joined: RUNIK credited of withdrawable origin (budgeted and backed mints, sales, releases), and withdrawn. */
  private readonly withdrawableOrigin = new Map<number, number>();
  private readonly withdrawnBy = new Map<number, number>();
  /** The day being played (0-based), set by the world. */
  today = 0;
  private day = emptyDay();
  private minted = 0;
  private burned = 0;
  private deposited = 0;
  private withdrawn = 0;

  balance(account: Account): number {
    return this.balances.get(account) ?? 0;
  }

  lockedOf(account: number): number {
    return this.locked.get(account) ?? 0;
  }

  isPaid(account: number): boolean {
    return this.paid.has(account);
  }

  /** What the account may withdraw now. */
  withdrawable(account: number): number {
    return this.paid.has(account) ? this.balance(account) - this.lockedOf(account) : 0;
  }

  /** A paid account (from registration, or an activation today): from `day` on its RUNIK not locked is withdrawable. */
  setPaid(account: number, day = this.today): void {
    this.paid.add(account);
    this.paidOn.set(account, day);
  }

  /** The day (0-based) the account became paid; null while free. */
  paidSince(account: number): number | null {
    return this.paidOn.get(account) ?? null;
  }

  /** The players' RUNIK as the server's liabilities read it (`liabilitiesOf`). */
  holdings(): RunikHolding[] {
    const holdings: RunikHolding[] = [];
    for (const [account, runik] of this.balances)
      if (typeof account === 'number') holdings.push({ paid: this.paid.has(account), runik, locked: this.lockedOf(account) });
    return holdings;
  }

  /** A harvest, recorded for the shares' check (resources are the city's; the ledger keeps their RUNIK value). */
  harvested(account: number, amounts: ResourceAmounts): void {
    const sum = this.day.harvestedBy.get(account) ?? noResources();
    for (const resource of RESOURCE_KEYS) sum[resource] += amounts[resource];
    this.day.harvestedBy.set(account, sum);
  }

  /**
   * An activation's release: `amount` of the account's game-only RUNIK becomes withdrawable (the
   * server lowers `locked_runik`; nothing is minted).
   */
  release(account: number, amount: number): void {
    assertAmount(amount);
    if (amount > this.lockedOf(account))
      throw new Error(`Cannot release ${amount} of account ${account}: ${this.lockedOf(account)} locked`);
    this.locked.set(account, this.lockedOf(account) - amount);
    add(this.day.releasedBy, account, amount);
    add(this.withdrawableOrigin, account, amount);
  }

  /** Per player, RUNIK withdrawn beyond all it was ever credited of withdrawable origin: game-only RUNIK withdrawn (none is 0). */
  gameOnlyWithdrawn(): Map<number, number> {
    const over = new Map<number, number>();
    for (const [account, withdrawn] of this.withdrawnBy) {
      const beyond = withdrawn - (this.withdrawableOrigin.get(account) ?? 0);
      if (beyond > 0) over.set(account, beyond);
    }
    return over;
  }
  /** Keeps `amount` more of the account's RUNIK from ever being withdrawn (it stays spendable). */
  lock(account: number, amount: number): void {
    assertAmount(amount);
    if (this.lockedOf(account) + amount > this.balance(account)) throw new Error(`Cannot lock ${amount} of account ${account}`);
    this.locked.set(account, this.lockedOf(account) + amount);
  }

  /** New RUNIK for the accounts named (one reason, several receivers: a conversion and its tax); `locked`: never withdrawable. */
  mint(reason: MintReason, credits: [Account, number][], locked = false): void {
    for (const [account, amount] of credits) {
      this.credit(account, amount, true);
      if (typeof account === 'number') {
        if (locked) this.lock(account, amount);
        else add(this.withdrawableOrigin, account, amount);
        add(this.day.mintedBy[locked ? 'game-only-mint' : 'budgeted-mint'], account, amount);
      }
      this.day.minted[reason] += amount;
      this.minted += amount;
    }
  }

  burn(reason: BurnReason, from: Account, amount: number): void {
    this.debit(from, amount, true);
    this.day.burned[reason] += amount;
    this.burned += amount;
  }

  /**
   * A sale (and its tax) is paid from withdrawable RUNIK only, as the server has it (a buyer short of
   * it is refused), so locked RUNIK never reaches another player; a fee is spent in the game, locked
   * RUNIK first.
   */
  transfer(reason: TransferReason, from: Account, to: Account, amount: number): void {
    const sale = reason !== 'listing-fee';
    if (sale && typeof from === 'number' && amount > this.withdrawable(from)) {
      throw new Error(`Account ${from} pays ${amount} for a sale with ${this.withdrawable(from)} withdrawable`);
    }
    this.debit(from, amount, true, !sale);
    this.credit(to, amount, true);
    // A sale is paid from withdrawable RUNIK: the seller may withdraw it.
    if (sale && typeof to === 'number') add(this.withdrawableOrigin, to, amount);
    this.day.transferred[reason] += amount;
  }

  /** RNK sent to the game and credited as RUNIK. */
  deposit(to: number, amount: number): void {
    this.credit(to, amount, false);
    add(this.day.mintedBy['backed-mint'], to, amount);
    add(this.withdrawableOrigin, to, amount);
    this.day.deposits += amount;
    this.deposited += amount;
  }

  /** RUNIK paid out as RNK (debited when asked for, though the RNK may wait in the line). */
  withdraw(from: number, amount: number): void {
    if (amount > this.withdrawable(from)) throw new Error(`Account ${from} may withdraw ${this.withdrawable(from)}, asked for ${amount}`);
    this.recordWithdrawal(from, amount);
  }

  /**
   * The debit and record of a withdrawal, unchecked: a test's planted breach calls it to withdraw what
   * `withdraw` would refuse (the criteria must see it).
   */
  recordWithdrawal(from: number, amount: number): void {
    this.debit(from, amount, false, false);
    if (this.lockedOf(from) > this.balance(from)) this.locked.set(from, this.balance(from));
    add(this.withdrawnBy, from, amount);
    this.day.asked.push({ account: from, amount });
    this.day.withdrawals += amount;
    this.withdrawn += amount;
  }

  /** The day's movements, and a fresh day. */
  closeDay(): LedgerDay {
    const closed = this.day;
    this.day = emptyDay();
    return closed;
  }

  /** Recounts every balance: their sum must equal what was minted and deposited less what was burned and withdrawn. */
  check(): ConservationCheck {
    let sum = 0;
    let negativeAccounts = 0;
    for (const balance of this.balances.values()) {
      sum += balance;
      if (balance < 0) negativeAccounts += 1;
    }
    const drift = sum + this.burned - this.minted - this.deposited + this.withdrawn;
    return { ok: drift === 0 && negativeAccounts === 0, drift, negativeAccounts };
  }

  /** `inGame`: earned or spent in the game, as against RNK coming in or going out. */
  private credit(account: Account, amount: number, inGame: boolean): void {
    assertAmount(amount);
    this.balances.set(account, this.balance(account) + amount);
    if (typeof account === 'string') this.day.systemCredits[account] += amount;
    else if (inGame) this.day.earnedBy.set(account, (this.day.earnedBy.get(account) ?? 0) + amount);
  }

  /** `lockedFirst`: the debit takes locked RUNIK first (spending in the game, but a sale). */
  private debit(account: Account, amount: number, inGame: boolean, lockedFirst = inGame): void {
    assertAmount(amount);
    const balance = this.balance(account);
    if (balance < amount) throw new Error(`RUNIK overdraft: account ${account} holds ${balance}, debited ${amount}`);
    this.balances.set(account, balance - amount);
    if (typeof account === 'number' && lockedFirst && this.lockedOf(account) > 0)
      this.locked.set(account, Math.max(0, this.lockedOf(account) - amount));
    if (typeof account === 'number' && inGame) this.day.spentBy.set(account, (this.day.spentBy.get(account) ?? 0) + amount);
  }
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`Not an amount of thousandths: ${amount}`);
}
