import { createHash } from 'node:crypto';
import type { SignedTransaction } from '@hiveio/dhive';
import { NATIVE_ASSETS } from './hf26';
import type { ChainOperation } from './operations';

/** Transactions are signed for Hive mainnet, as dhive, wax, hive-tx and Keychain do by default. */
const HIVE_MAINNET_CHAIN_ID = Buffer.from('beeab0de00000000000000000000000000000000000000000000000000000000', 'hex');

/**
 * hived's two binary serializations of a transaction, which its id and signatures are computed
 * over. They differ only in how an asset's symbol is packed: 'legacy' (what dhive, hive-tx and
 * Keychain sign) writes precision and the old name ('STEEM', 'SBD'); 'hf26' (what wax signs)
 * writes the asset number. Transactions without assets serialize the same either way.
 */
export type Serialization = 'hf26' | 'legacy';

const OPERATION_IDS = { transfer: 2, custom_json: 18 } as const;
const LEGACY_SYMBOLS = { HIVE: 'STEEM', HBD: 'SBD' } as const;
/** hived's SMT_MAX_NAI: native assets are numbered past the SMT range. */
const SMT_MAX_NAI = 99_999_999;

export function transactionBytes(transaction: SignedTransaction, operations: ChainOperation[], serialization: Serialization): Buffer {
  const header = Buffer.alloc(10);
  header.writeUInt16LE(transaction.ref_block_num, 0);
  header.writeUInt32LE(transaction.ref_block_prefix, 2);
  header.writeUInt32LE(Math.floor(Date.parse(`${transaction.expiration}Z`) / 1000), 6);
  const operationList = list(operations, (operation) => operationBytes(operation, serialization));
  // No extensions: the sim refuses transactions that have any.
  return Buffer.concat([header, operationList, varint(0)]);
}

export function transactionId(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 40);
}

export function signingDigest(bytes: Buffer): Buffer {
  return createHash('sha256').update(HIVE_MAINNET_CHAIN_ID).update(bytes).digest();
}

function operationBytes(operation: ChainOperation, serialization: Serialization): Buffer {
  const body =
    operation.type === 'transfer'
      ? [text(operation.from), text(operation.to), asset(operation.units, operation.symbol, serialization), text(operation.memo)]
      : [list(operation.requiredAuths, text), list(operation.requiredPostingAuths, text), text(operation.id), text(operation.json)];
  return Buffer.concat([varint(OPERATION_IDS[operation.type]), ...body]);
}

function asset(units: bigint, symbol: string, serialization: Serialization): Buffer {
  if (symbol !== 'HIVE' && symbol !== 'HBD') throw new Error(`${symbol} is not a Hive asset`);
  const bytes = Buffer.alloc(serialization === 'legacy' ? 16 : 12);
  bytes.writeBigInt64LE(units, 0);
  const { nai, precision } = NATIVE_ASSETS[symbol];
  if (serialization === 'legacy') {
    bytes.writeUInt8(precision, 8);
    bytes.write(LEGACY_SYMBOLS[symbol], 9, 'latin1');
  } else {
    // (SMT_MAX_NAI + the NAI without its check digit) << 5 | precision, hived's asset_num.
    bytes.writeUInt32LE((SMT_MAX_NAI + Math.floor(Number(nai.slice(2)) / 10)) * 32 + precision, 8);
  }
  return bytes;
}

function text(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  return Buffer.concat([varint(bytes.length), bytes]);
}

function list<T>(items: readonly T[], item: (value: T) => Buffer): Buffer {
  return Buffer.concat([varint(items.length), ...items.map(item)]);
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  for (let rest = value; ; rest >>>= 7) {
    if (rest < 0x80) return Buffer.from([...bytes, rest]);
    bytes.push((rest & 0x7f) | 0x80);
  }
}
