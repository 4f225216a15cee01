import { PrivateKey, type KeyRole } from '@hiveio/dhive';
import { isValidHiveUsername } from '@runik/rules';
import { ASSET_SYMBOLS, ASSETS, formatAmount, type AssetSymbol } from './assets';
import { ChainRuleError } from './errors';
import { hiveTime } from './hive-time';

export const KEY_ROLES: readonly KeyRole[] = ['owner', 'active', 'posting', 'memo'];

export interface Account {
  id: number;
  name: string;
  /** Hive time of the first use. */
  created: string;
  /** STM-prefixed public keys derived from the username and the sim password. */
  publicKeys: Record<KeyRole, string>;
  balances: Map<AssetSymbol, bigint>;
}

export interface Transfer {
  from: string;
  to: string;
  symbol: AssetSymbol;
  units: bigint;
}

/** Accounts and balances of both the Hive chain and the Hive Engine sidechain. */
export class Ledger {
  private readonly accounts = new Map<string, Account>();
  /** Told about every account created or changed (the chain file keeps them). */
  onChange: (account: Account) => void = () => undefined;

  constructor(private readonly password: string) {}

  /** Puts back accounts kept from an earlier run, in creation order. */
  restore(accounts: readonly { id: number; name: string; created: string; balances: Partial<Record<AssetSymbol, string>> }[]): void {
    for (const { id, name, created, balances } of accounts) {
      const units = new Map(ASSET_SYMBOLS.map((symbol) => [symbol, BigInt(balances[symbol] ?? '0')]));
      this.accounts.set(name, { id, name, created, publicKeys: this.publicKeys(name), balances: units });
    }
  }

  /** The account, created with the starting balances on first use. */
  account(name: unknown): Account {
    if (typeof name !== 'string' || !isValidHiveUsername(name)) {
      throw new ChainRuleError(`invalid account name: ${JSON.stringify(name)}`);
    }
    const existing = this.accounts.get(name);
    if (existing) return existing;
    const account: Account = {
      id: this.accounts.size,
      name,
      created: hiveTime(),
      publicKeys: this.publicKeys(name),
      balances: new Map(ASSET_SYMBOLS.map((symbol) => [symbol, ASSETS[symbol].starting])),
    };
    this.accounts.set(name, account);
    this.onChange(account);
    return account;
  }

  /** Accounts in creation order. */
  all(): Account[] {
    return [...this.accounts.values()];
  }

  balance(name: string, symbol: AssetSymbol): bigint {
    return this.account(name).balances.get(symbol) ?? 0n;
  }

  credit(name: string, symbol: AssetSymbol, units: bigint): void {
    const account = this.account(name);
    account.balances.set(symbol, this.balance(name, symbol) + units);
    this.onChange(account);
  }

  /** Applies every transfer or none: throws before changing anything if one would overdraw its sender. */
  transferAll(transfers: readonly Transfer[]): void {
    const after = new Map<Account, Map<AssetSymbol, bigint>>();
    const move = (name: string, symbol: AssetSymbol, delta: bigint): bigint => {
      const account = this.account(name);
      const balances = after.get(account) ?? new Map(account.balances);
      after.set(account, balances);
      const balance = (balances.get(symbol) ?? 0n) + delta;
      balances.set(symbol, balance);
      return balance;
    };
    for (const { from, to, symbol, units } of transfers) {
      if (move(from, symbol, -units) < 0n) {
        const has = formatAmount(this.balance(from, symbol), symbol);
        throw new ChainRuleError(`Account does not have sufficient funds for transfer: ${from} has ${has} ${symbol}`);
      }
      move(to, symbol, units);
    }
    for (const [account, balances] of after) {
      account.balances = balances;
      this.onChange(account);
    }
  }

  private publicKeys(name: string): Record<KeyRole, string> {
    const key = (role: KeyRole) => PrivateKey.fromLogin(name, this.password, role).createPublic().toString();
    return { owner: key('owner'), active: key('active'), posting: key('posting'), memo: key('memo') };
  }
}
