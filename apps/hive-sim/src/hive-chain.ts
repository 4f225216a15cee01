import { createHash } from 'node:crypto';
import { cryptoUtils, Signature, type SignedTransaction, type TransactionConfirmation } from '@hiveio/dhive';
import { ChainRuleError, RPC_INVALID_PARAMS, RpcError } from './errors';
import { hiveTime } from './hive-time';
import { isRecord } from './json-rpc';
import type { Ledger } from './ledger';
import { parseOperation, requiredAuthorities, type ChainOperation, type RequiredAuthority } from './operations';

/** Transactions are signed for Hive mainnet, as dhive and Keychain do by default. */
export const HIVE_MAINNET_CHAIN_ID = Buffer.from('beeab0de00000000000000000000000000000000000000000000000000000000', 'hex');
/** hived refuses a transaction expiring more than an hour ahead. */
const MAX_EXPIRATION_MS = 3_600_000;

export interface HiveBlock {
  number: number;
  /** 40 hex chars: the block number (big-endian) then 16 bytes of hash, like hived's ids. */
  id: string;
  time: string;
}

/** Told about every applied transaction, e.g. so Hive Engine can pick up its custom_json. */
export type TransactionListener = (block: HiveBlock, transactionId: string, operations: ChainOperation[]) => void;

/**
 * The Hive chain: a block is made only when a transaction is broadcast (one transaction
 * per block), while the reported time is the wall clock, so dhive's expirations stay valid.
 */
export class HiveChain {
  private readonly blocks: HiveBlock[] = [makeBlock(1, '')];
  private readonly transactionIds = new Set<string>();

  constructor(
    private readonly ledger: Ledger,
    private readonly onTransaction: TransactionListener,
  ) {}

  get head(): HiveBlock {
    return this.blocks[this.blocks.length - 1];
  }

  /** Verifies and applies a signed transaction in a new block: all its operations or none. */
  broadcast(raw: unknown): TransactionConfirmation {
    const transaction = asSignedTransaction(raw);
    const { digest, id } = hashes(transaction);
    this.checkTiming(transaction);
    if (this.transactionIds.has(id)) throw new ChainRuleError(`Duplicate transaction check failed: ${id}`);
    const operations = transaction.operations.map(parseOperation);
    const signers = recoverSigners(transaction.signatures, digest);
    for (const required of operations.flatMap(requiredAuthorities)) this.checkAuthority(required, signers);
    this.ledger.transferAll(operations.flatMap((operation) => (operation.type === 'transfer' ? [operation] : [])));

    const block = makeBlock(this.head.number + 1, `${this.head.id}${id}`);
    this.blocks.push(block);
    this.transactionIds.add(id);
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

  private checkAuthority({ account, level }: RequiredAuthority, signers: ReadonlySet<string>): void {
    const keys = this.ledger.account(account).publicKeys;
    const accepted = level === 'active' ? [keys.owner, keys.active] : [keys.owner, keys.active, keys.posting];
    if (accepted.some((key) => signers.has(key))) return;
    const Level = level === 'active' ? 'Active' : 'Posting';
    throw new ChainRuleError(`missing required ${level} authority: Missing ${Level} Authority ${account}`);
  }
}

function asSignedTransaction(raw: unknown): SignedTransaction {
  const valid =
    isRecord(raw) &&
    typeof raw['expiration'] === 'string' &&
    Number.isInteger(raw['ref_block_num']) &&
    Number.isInteger(raw['ref_block_prefix']) &&
    Array.isArray(raw['operations']) &&
    raw['operations'].every((operation) => Array.isArray(operation) && operation.length === 2) &&
    Array.isArray(raw['signatures']) &&
    raw['signatures'].every((signature) => typeof signature === 'string');
  if (!valid) throw new RpcError(RPC_INVALID_PARAMS, 'expected [signed transaction]');
  return raw as unknown as SignedTransaction;
}

/** The signing digest and the transaction id, both over dhive's binary serialization. */
function hashes(transaction: SignedTransaction): { digest: Buffer; id: string } {
  try {
    return {
      digest: cryptoUtils.transactionDigest(transaction, HIVE_MAINNET_CHAIN_ID),
      id: cryptoUtils.generateTrxId(transaction),
    };
  } catch (error) {
    throw new ChainRuleError(`cannot serialize transaction: ${(error as Error).message}`);
  }
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

function makeBlock(number: number, seed: string): HiveBlock {
  const hash = createHash('sha256').update(`${number}:${seed}`).digest('hex');
  return { number, id: number.toString(16).padStart(8, '0') + hash.slice(0, 32), time: hiveTime() };
}
