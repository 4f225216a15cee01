import { createHash } from 'node:crypto';
import { Signature, type SignedTransaction, type TransactionConfirmation } from '@hiveio/dhive';
import { CustomOpLimit } from './custom-op-limit';
import { ChainRuleError, RPC_INVALID_PARAMS, RpcError } from './errors';
import { hiveTime } from './hive-time';
import { isRecord } from './json-rpc';
import type { Ledger } from './ledger';
import { parseOperation, requiredAuthorities, type ChainOperation, type RequiredAuthority } from './operations';
import { signingDigest, transactionBytes, transactionId } from './transaction-bytes';

/** hived refuses a transaction expiring more than an hour ahead. */
const MAX_EXPIRATION_MS = 3_600_000;

/** A transaction as included in a block, in the legacy (condenser_api) form. */
export interface ChainTransaction {
  id: string;
  transaction: SignedTransaction;
}

export interface HiveBlock {
  number: number;
  /** 40 hex chars: the block number (big-endian) then 16 bytes of hash, like hived's ids. */
  id: string;
  previous: string;
  /** Wall-clock milliseconds when the block was made. */
  timestampMs: number;
  transactions: ChainTransaction[];
}

/** Told about every applied transaction, e.g. so Hive Engine can pick up its custom_json. */
export type TransactionListener = (block: HiveBlock, transactionId: string, operations: ChainOperation[]) => void;

/**
 * The Hive chain: a block is made only when a transaction is broadcast (one transaction
 * per block), while the reported time is the wall clock, so dhive's expirations stay valid.
 * Every block is irreversible at once.
 */
export class HiveChain {
  private readonly blocks: HiveBlock[] = [makeBlock(1, '0'.repeat(40), [])];
  /** Block number of every transaction id. */
  private readonly blockOf = new Map<string, number>();
  private readonly customOps: CustomOpLimit;

  constructor(
    private readonly ledger: Ledger,
    private readonly onTransaction: TransactionListener,
    blockClock: () => number = Date.now,
    /** The blocks of a chain kept from an earlier run, the first one first (a new chain otherwise). */
    kept: readonly HiveBlock[] = [],
  ) {
    this.customOps = new CustomOpLimit(blockClock);
    if (kept.length > 0) this.blocks.splice(0, this.blocks.length, ...kept);
    for (const block of kept) for (const included of block.transactions) this.blockOf.set(included.id, block.number);
  }

  /** Every block from `number` on (to replay what Hive Engine had not processed yet). */
  blocksFrom(number: number): HiveBlock[] {
    return this.blocks.slice(Math.max(0, number - 1));
  }

  get head(): HiveBlock {
    return this.blocks[this.blocks.length - 1];
  }

  block(number: number): HiveBlock | null {
    return this.blocks[number - 1] ?? null;
  }

  /** The block holding the transaction and its index there, or null if no block has it. */
  findTransaction(id: string): { block: HiveBlock; index: number } | null {
    const block = this.block(this.blockOf.get(id) ?? 0);
    return block && { block, index: block.transactions.findIndex((included) => included.id === id) };
  }

  /** Verifies and applies a legacy-form signed transaction in a new block: all its operations or none. */
  broadcast(raw: unknown): TransactionConfirmation {
    const transaction = asSignedTransaction(raw);
    this.checkTiming(transaction);
    const operations = transaction.operations.map(parseOperation);
    const id = this.authenticate(transaction, operations);
    if (this.blockOf.has(id)) throw new ChainRuleError(`Duplicate transaction check failed: ${id}`);
    this.customOps.check(operations);
    this.ledger.transferAll(operations.flatMap((operation) => (operation.type === 'transfer' ? [operation] : [])));
    this.customOps.record(operations);

    const block = makeBlock(this.head.number + 1, this.head.id, [{ id, transaction }]);
    this.blocks.push(block);
    this.blockOf.set(id, block.number);
    this.onTransaction(block, id, operations);
    return { id, block_num: block.number, trx_num: 0, expired: false };
  }

  private checkTiming({ expiration, ref_block_num, ref_block_prefix }: SignedTransaction): void {
    const expiresAt = Date.parse(`${expiration}Z`);
    const now = Date.now();
    if (Number.isNaN(expiresAt)) throw new ChainRuleError(`invalid expiration ${JSON.stringify(expiration)}`);
    if (expiresAt <= now) throw new ChainRuleError(`transaction has expired: expiration ${expiration}, now ${hiveTime(now)}`);
    if (expiresAt > now + MAX_EXPIRATION_MS) throw new ChainRuleError('transaction expiration is more than an hour ahead');
    // TaPoS: ref_block_num/prefix must name a block of this chain among the last 65536.
    const head = this.head.number;
    const referenced = this.blocks[head - ((head - ref_block_num) & 0xffff) - 1];
    if (!referenced || Buffer.from(referenced.id, 'hex').readUInt32LE(4) !== ref_block_prefix) {
      throw new ChainRuleError('transaction tapos exception: ref_block_num/ref_block_prefix match no recent block');
    }
  }

  /**
   * As hived does since HF26: the signatures are checked over the HF26 serialization, then over
   * the legacy one; the one under which they satisfy every required authority gives the id.
   */
  private authenticate(transaction: SignedTransaction, operations: ChainOperation[]): string {
    const required = operations.flatMap(requiredAuthorities);
    const missingUnder = (bytes: Buffer): RequiredAuthority | undefined => {
      const signers = recoverSigners(transaction.signatures, signingDigest(bytes));
      return required.find((authority) => !this.isSatisfied(authority, signers));
    };
    const hf26 = transactionBytes(transaction, operations, 'hf26');
    if (!missingUnder(hf26)) return transactionId(hf26);
    const legacy = transactionBytes(transaction, operations, 'legacy');
    const missing = missingUnder(legacy);
    if (!missing) return transactionId(legacy);
    const Level = missing.level === 'active' ? 'Active' : 'Posting';
    throw new ChainRuleError(`missing required ${missing.level} authority: Missing ${Level} Authority ${missing.account}`);
  }

  private isSatisfied({ account, level }: RequiredAuthority, signers: ReadonlySet<string>): boolean {
    const keys = this.ledger.account(account).publicKeys;
    const accepted = level === 'active' ? [keys.owner, keys.active] : [keys.owner, keys.active, keys.posting];
    return accepted.some((key) => signers.has(key));
  }
}

/** The transaction's fields hived serializes; no extensions, which no operation the sim supports uses. */
function asSignedTransaction(raw: unknown): SignedTransaction {
  const valid =
    isRecord(raw) &&
    typeof raw['expiration'] === 'string' &&
    isUnsigned(raw['ref_block_num'], 0xffff) &&
    isUnsigned(raw['ref_block_prefix'], 0xffffffff) &&
    Array.isArray(raw['operations']) &&
    raw['operations'].every((operation) => Array.isArray(operation) && operation.length === 2) &&
    (raw['extensions'] === undefined || (Array.isArray(raw['extensions']) && raw['extensions'].length === 0)) &&
    Array.isArray(raw['signatures']) &&
    raw['signatures'].every((signature) => typeof signature === 'string');
  if (!valid) throw new RpcError(RPC_INVALID_PARAMS, 'expected a signed transaction without extensions');
  const { ref_block_num, ref_block_prefix, expiration, operations, signatures } = raw as unknown as SignedTransaction;
  return { ref_block_num, ref_block_prefix, expiration, operations, extensions: [], signatures };
}

function isUnsigned(value: unknown, max: number): boolean {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;
}

/** Public keys (STM...) that signed the digest. */
function recoverSigners(signatures: string[], digest: Buffer): Set<string> {
  return new Set(
    signatures.map((signature) => {
      try {
        return Signature.fromString(signature).recover(digest).toString();
      } catch {
        throw new ChainRuleError(`invalid signature ${signature}`);
      }
    }),
  );
}

function makeBlock(number: number, previous: string, transactions: ChainTransaction[]): HiveBlock {
  const seed = `${number}:${previous}:${transactions.map((included) => included.id).join()}`;
  const hash = createHash('sha256').update(seed).digest('hex');
  return { number, id: number.toString(16).padStart(8, '0') + hash.slice(0, 32), previous, timestampMs: Date.now(), transactions };
}
