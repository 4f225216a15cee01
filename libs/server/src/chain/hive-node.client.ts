import { Inject, Injectable } from '@nestjs/common';
import { Client, cryptoUtils, ExtendedAccount, Operation, PrivateKey, SignedTransaction, Transaction } from '@hiveio/dhive';
import { parseHiveAsset } from '@runik/rules';
import { APP_CONFIG } from '../core/config/config.module';
import { hiveNodeUrls, type AppConfig } from '../core/config/app-config';
import { ChainNodeProber, type ChainNodeState } from './chain-node-probe';

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

/** Where a transaction stands on the Hive node (transaction_status_api). */
export type HiveTransactionStatus = Awaited<ReturnType<Client['transaction']['findTransaction']>>['status'];

/**
 * The Hive nodes (JSON-RPC): dhive handles timeouts, retries with back-off and failover between the
 * nodes, skipping one that keeps failing (its health tracker).
 */
@Injectable()
export class HiveNodeClient {
  private readonly client: Client;
  private readonly transactionLifetimeMs: number;
  private readonly broadcastTimeoutMs: number;
  private readonly prober: ChainNodeProber;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transactionLifetimeMs = config.HIVE_TRANSACTION_LIFETIME_MS;
    this.broadcastTimeoutMs = config.CHAIN_TIMEOUT_MS;
    const nodes = hiveNodeUrls(config);
    this.client = new Client(nodes, { timeout: config.CHAIN_TIMEOUT_MS, failoverThreshold: 3 });
    this.prober = new ChainNodeProber(nodes, {
      path: '',
      method: 'condenser_api.get_dynamic_global_properties',
      params: [],
      headBlock: (props) => (props as { head_block_number?: number } | null)?.head_block_number,
      skipped: (url) => !this.client.healthTracker.isNodeHealthy(url),
    });
  }

  /** Each node's state for the health check. */
  nodeStates(): Promise<ChainNodeState[]> {
    return this.prober.states();
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

  /**
   * dhive sends a broadcast to one node and never retries it elsewhere once it may have arrived (a
   * second copy could be a second payment), nor does it time it out: a hanging node is given up on
   * here, and the caller finds out later from the chain whether the transaction made it.
   */
  async broadcast(transaction: SignedTransaction): Promise<void> {
    const sent = this.client.broadcast.send(transaction);
    sent.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No answer to the broadcast within ${this.broadcastTimeoutMs} ms`)), this.broadcastTimeoutMs);
    });
    await Promise.race([sent, timeout]).finally(() => clearTimeout(timer));
  }

  /** Whether the node saw the transaction in a block, or knows it expired without one. */
  async transactionStatus(transactionId: string, expiresAt: Date): Promise<HiveTransactionStatus> {
    const { status } = await this.client.transaction.findTransaction(transactionId, expiresAt.toISOString().slice(0, -5));
    return status;
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
