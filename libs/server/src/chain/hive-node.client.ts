import { Inject, Injectable } from '@nestjs/common';
import { Client, cryptoUtils, ExtendedAccount, Operation, PrivateKey, SignedTransaction, Transaction } from '@hiveio/dhive';
import { parseHiveAsset } from '@runik/rules';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';

export interface PreparedTransaction {
  signed: SignedTransaction;
  /** The Hive transaction id (and Hive Engine's, for a single custom_json action). */
  id: string;
  /** After this instant the chain will never include it. */
  expiresAt: Date;
}

export interface MedianPrice {
  /** HBD per `quoteThousandths` HIVE, both in thousandths. */
  baseHbdThousandths: number;
  quoteHiveThousandths: number;
}

/** The Hive node (condenser_api over JSON-RPC); dhive handles timeouts and retries with back-off. */
@Injectable()
export class HiveNodeClient {
  private readonly client: Client;
  private readonly transactionLifetimeMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transactionLifetimeMs = config.HIVE_TRANSACTION_LIFETIME_MS;
    this.client = new Client([config.HIVE_NODE_URL], { timeout: config.CHAIN_TIMEOUT_MS, failoverThreshold: 3 });
  }

  async getAccount(username: string): Promise<ExtendedAccount | null> {
    const [account] = await this.client.database.getAccounts([username]);
    return account ?? null;
  }

  /** Signs operations into a transaction without sending it, so its id can be stored first. */
  async prepare(operations: Operation[], key: PrivateKey): Promise<PreparedTransaction> {
    const props = await this.client.database.getDynamicGlobalProperties();
    const expiresAt = new Date(new Date(`${props.time}Z`).getTime() + this.transactionLifetimeMs);
    const transaction: Transaction = {
      ref_block_num: props.head_block_number & 0xffff,
      ref_block_prefix: Buffer.from(props.head_block_id, 'hex').readUInt32LE(4),
      expiration: expiresAt.toISOString().slice(0, -5),
      operations,
      extensions: [],
    };
    return { signed: this.client.broadcast.sign(transaction, key), id: cryptoUtils.generateTrxId(transaction), expiresAt };
  }

  async broadcast(transaction: SignedTransaction): Promise<void> {
    await this.client.broadcast.send(transaction);
  }

  /** The HIVE/USD feed; read raw so the amounts are parsed exactly, never as floats. */
  async getMedianPrice(): Promise<MedianPrice> {
    const raw: { base: string; quote: string } = await this.client.call('condenser_api', 'get_current_median_history_price', []);
    const base = parseHiveAsset(raw.base);
    const quote = parseHiveAsset(raw.quote);
    if (!base || !quote || base.symbol !== 'HBD' || quote.symbol !== 'HIVE') {
      throw new Error(`Unexpected median price from the Hive node: ${JSON.stringify(raw)}`);
    }
    return { baseHbdThousandths: base.thousandths, quoteHiveThousandths: quote.thousandths };
  }
}
