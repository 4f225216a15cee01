import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ASSET_SYMBOLS, type AssetSymbol } from './assets';
import type { HiveBlock } from './hive-chain';
import type { EngineBlock } from './hive-engine';
import type { Account } from './ledger';

/** An account as written: balances in units, as decimal strings (JSON has no bigint). */
export interface StoredAccount {
  id: number;
  name: string;
  created: string;
  balances: Partial<Record<AssetSymbol, string>>;
}

/** One line of the chain file. */
export type ChainRecord =
  | { type: 'genesis'; seed: string }
  | { type: 'account'; account: StoredAccount }
  | { type: 'hive'; block: HiveBlock }
  | { type: 'engine'; block: EngineBlock };

/** What a chain file holds: the chain's seed, every account as last written, and every block in order. */
export interface StoredChain {
  seed: string;
  accounts: StoredAccount[];
  hiveBlocks: HiveBlock[];
  engineBlocks: EngineBlock[];
}

/**
 * hive-sim's chain kept across restarts: an append-only file of JSON lines (the genesis seed, then each
 * account as it changes and each Hive and Hive Engine block as it is made), read back whole on start.
 * Appends are synchronous, so what a node has answered is on disk before the answer leaves.
 */
export class ChainFile {
  private constructor(private readonly path: string) {}

  /** Opens the file (creating it and its folder when missing); answers what it holds, or null for a new chain. */
  static open(path: string): { file: ChainFile; stored: StoredChain | null } {
    mkdirSync(dirname(path), { recursive: true });
    const file = new ChainFile(path);
    const stored = existsSync(path) ? readChain(path) : null;
    return { file, stored };
  }

  /** A new chain's seed: two chains started apart never share a block hash. */
  static newSeed(): string {
    return randomBytes(16).toString('hex');
  }

  append(record: ChainRecord): void {
    appendFileSync(this.path, `${JSON.stringify(record)}\n`);
  }

  appendAccount(account: Account): void {
    const balances = Object.fromEntries(ASSET_SYMBOLS.map((symbol) => [symbol, String(account.balances.get(symbol) ?? 0n)]));
    this.append({ type: 'account', account: { id: account.id, name: account.name, created: account.created, balances } });
  }
}

function readChain(path: string): StoredChain | null {
  const lines = readFileSync(path, 'utf8').split('\n');
  const chain: StoredChain = { seed: '', accounts: [], hiveBlocks: [], engineBlocks: [] };
  const accounts = new Map<string, StoredAccount>();
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let record: ChainRecord;
    try {
      record = JSON.parse(line) as ChainRecord;
    } catch (error) {
      // A line cut short by a crash mid-write can only be the last one.
      if (lines.slice(index + 1).every((rest) => rest.trim() === '')) break;
      throw new Error(`${path}:${index + 1}: not a chain record (${(error as Error).message})`, { cause: error });
    }
    if (record.type === 'genesis') chain.seed = record.seed;
    else if (record.type === 'account') accounts.set(record.account.name, record.account);
    else if (record.type === 'hive') chain.hiveBlocks.push(record.block);
    else if (record.type === 'engine') chain.engineBlocks.push(record.block);
  }
  if (chain.seed === '') return null;
  chain.accounts = [...accounts.values()].sort((a, b) => a.id - b.id);
  return chain;
}
