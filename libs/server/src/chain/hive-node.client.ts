import { Inject, Injectable } from '@nestjs/common';
import { Client, cryptoUtils, ExtendedAccount, Operation, PrivateKey, SignedTransaction, Transaction } from '@hiveio/dhive';
import { parseHiveAsset } from '@runik/rules';
import { APP_CONFIG } from '../core/config/config.module';
import { hiveNodeUrls, type AppConfig } from '../core/config/app-config';
import { ChainNodeProber, type ChainNodeState } from './chain-node-probe';
import { chainTime } from './chain-transfers';

export interface PreparedTransaction {
  signed: SignedTransaction;
  /** The Hive transaction id (and Hive Engine's, for a single custom_json action). */
  id: string;
  /** After this instant the chain will never include it. */
  expiresAt: Date;
}

/** How many nodes a signed transaction is sent to at once, and the API it is sent through. */
const BROADCAST_NODES = 2;
const BROADCAST_API = 'condenser_api';

export interface MedianPrice {
  /** HBD per `quoteThousandths` HIVE, both in thousandths. */
  baseHbdThousandths: number;
  quoteHiveThousandths: number;
}

/** Where a transaction stands on the Hive node (transaction_status_api). */
export type HiveTransactionStatus = Awaited<ReturnType<Client['transaction']['findTransaction']>>['status'];

/** A status of a transaction the node has in a block, or about to include it (its mempool): a payment on chain. */
export function holdsStatus(status: HiveTransactionStatus): boolean {
  return status === 'within_mempool' || status === 'within_reversible_block' || status === 'within_irreversible_block';
}

/**
 * The Hive nodes (JSON-RPC): dhive handles timeouts, retries with back-off and failover between the
 * nodes for reads, skipping one that failed (its health tracker); broadcasts go to two nodes at once.
 */
@Injectable()
export class HiveNodeClient {
  private readonly client: Client;
  private readonly transactionLifetimeMs: number;
  private readonly broadcastTimeoutMs: number;
  private readonly prober: ChainNodeProber;
  private readonly nodes: string[];
  /** One client per node for broadcasts, which must go to chosen nodes, never fail over on their own. */
  private readonly singleNodeClients = new Map<string, Client>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transactionLifetimeMs = config.HIVE_TRANSACTION_LIFETIME_MS;
    this.broadcastTimeoutMs = config.CHAIN_TIMEOUT_MS;
    const nodes = hiveNodeUrls(config);
    this.nodes = nodes;
    // A node that failed once (dhive gives a read half a second on the first node before the next) is skipped for a while.
    this.client = new Client(nodes, {
      timeout: config.CHAIN_TIMEOUT_MS,
      failoverThreshold: 3,
      healthTrackerOptions: { maxFailuresBeforeCooldown: 1, maxApiFailuresBeforeCooldown: 1 },
    });
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

  /** The time of the node's head block (on mainnet a multiple of the 3-second block interval). */
  async headBlockTime(): Promise<Date> {
    return chainTime((await this.client.database.getDynamicGlobalProperties()).time);
  }

  /** Signs operations into a transaction without sending it, so its id can be stored first. */
  async prepare(operations: Operation[], key: PrivateKey): Promise<PreparedTransaction> {
    const props = await this.client.database.getDynamicGlobalProperties();
    const expiresAt = new Date(chainTime(props.time).getTime() + this.transactionLifetimeMs);
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
   * Sends a signed transaction to the two healthiest nodes at once (dhive's health tracker ranks them;
   * one copy, one id: hived takes it once and answers the second copy "Duplicate transaction"), so a
   * node that hangs or fails never holds it up while the other takes it. Resolves when one node has
   * taken it; a node that gave no answer within CHAIN_TIMEOUT_MS counts as failing in the tracker.
   * Rejects only when neither took it, which is not definite: the caller asks the chain later.
   * (dhive's own broadcast goes to one node and waits for it however long it hangs.)
   */
  async broadcast(transaction: SignedTransaction): Promise<void> {
    const nodes = this.client.healthTracker.getOrderedNodes(this.nodes, BROADCAST_API).slice(0, BROADCAST_NODES);
    await Promise.any(nodes.map((node) => this.broadcastTo(node, transaction))).catch((error: AggregateError) => {
      throw new Error(`No node took the broadcast: ${error.errors.map((cause: Error) => cause.message).join('; ')}`);
    });
  }

  private async broadcastTo(node: string, transaction: SignedTransaction): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${node}: no answer to the broadcast within ${this.broadcastTimeoutMs} ms`)),
        this.broadcastTimeoutMs,
      );
    });
    const sent = this.clientOf(node).call(BROADCAST_API, 'broadcast_transaction', [transaction]);
    try {
      await Promise.race([sent, timeout]);
      this.client.healthTracker.recordSuccess(node, BROADCAST_API);
    } catch (error) {
      // The other copy (or an earlier send) is already in: the node has it.
      if (/Duplicate transaction/i.test((error as Error).message)) return;
      // A node that answered with an error (dhive's RPCError) is up: only silence or a broken connection counts against it.
      if ((error as Error).name !== 'RPCError') this.client.healthTracker.recordFailure(node, BROADCAST_API);
      throw error;
    } finally {
      clearTimeout(timer);
      sent.catch(() => undefined);
    }
  }

  private clientOf(node: string): Client {
    let client = this.singleNodeClients.get(node);
    if (!client) this.singleNodeClients.set(node, (client = new Client(node, { timeout: this.broadcastTimeoutMs })));
    return client;
  }

  /** Whether the node saw the transaction in a block, or knows it expired without one (only when told its expiry). */
  async transactionStatus(transactionId: string, expiresAt?: Date): Promise<HiveTransactionStatus> {
    const { status } = await this.client.transaction.findTransaction(transactionId, expiresAt?.toISOString().slice(0, -5));
    return status;
  }

  /** The block a transaction is in (null when the node has it in none), and its status. */
  async transactionBlock(transactionId: string, expiresAt?: Date): Promise<{ status: HiveTransactionStatus; blockNum: number | null }> {
    const found = (await this.client.transaction.findTransaction(transactionId, expiresAt?.toISOString().slice(0, -5))) as {
      status: HiveTransactionStatus;
      block_num?: number;
    };
    return { status: found.status, blockNum: typeof found.block_num === 'number' ? found.block_num : null };
  }

  /** The node's status of the transaction of a Hive Engine transaction id (`<hive id>` or `<hive id>-<n>`). */
  engineTransactionStatus(engineTransactionId: string): Promise<HiveTransactionStatus> {
    return this.transactionStatus(engineTransactionId.split('-')[0]);
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
