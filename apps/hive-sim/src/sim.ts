import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { ChainFile } from './chain-file';
import { HiveChain } from './hive-chain';
import { HiveEngine } from './hive-engine';
import { HIVEAUTH_PATH, HiveAuthServer } from './hiveauth/has-server';
import { HiveSignerStandIn } from './hivesigner/hivesigner-server';
import { blockchainHandler, contractsHandler } from './hive-engine-rpc';
import { hiveNodeHandler, type PriceFeed } from './hive-node-rpc';
import { buildKeychainScript } from './keychain-script';
import { Ledger } from './ledger';
import { NodeFaults } from './node-faults';
import { parseOperation } from './operations';
import { registerRoutes, type SimComponents } from './routes';

export interface HiveSimOptions {
  /** The first node's port; 0 picks a free port for every node. */
  port: number;
  host: string;
  /** Every account's keys are PrivateKey.fromLogin(username, password, role). */
  password: string;
  /** How far Hive Engine starts behind the Hive chain (POST /dev/engine changes it). */
  engineDelayMs: number;
  /**
   * How many nodes serve the same chain and Hive Engine, each on its own port: `port`, `port + 1`...
   * (or free ports when `port` is 0). POST /dev/node-fault makes one of them fail or hang.
   */
  nodes: number;
  /** What condenser_api.get_current_median_history_price answers. */
  priceFeed: PriceFeed;
  /** Fastify request logging. */
  logger: boolean;
  /**
   * The clock that decides which 3-second block a transaction falls in, for the custom_json block
   * limit (the wall clock; a test holds it still to put any number of transactions in one block).
   */
  blockClock: () => number;
  /**
   * A file that keeps the chain (accounts, balances, Hive and Hive Engine blocks) across restarts: read
   * back when it exists, created otherwise. Undefined: a fresh chain in memory, gone when the sim stops.
   */
  chainFile: string | undefined;
  /** How long a HiveAuth request waits for its wallet (the HiveAuth stand-in at `/hiveauth` on the first node). */
  hiveAuthTimeoutMs: number;
  /** How long a token of the HiveSigner stand-in (`/oauth2/authorize`, `/api/me` on every node) lives, in seconds. */
  hiveSignerTokenTtlSeconds: number;
}

export interface RunningHiveSim {
  /** The first node, e.g. http://127.0.0.1:3001 */
  url: string;
  /** Every node, the first one first. */
  urls: string[];
  /** The first node's port. */
  port: number;
  /** The HiveAuth stand-in's websocket, e.g. ws://127.0.0.1:3001/hiveauth */
  hiveAuthUrl: string;
  close(): Promise<void>;
}

const DEFAULTS: HiveSimOptions = {
  port: 3001,
  host: '127.0.0.1',
  password: 'devpass',
  engineDelayMs: 3000,
  nodes: 1,
  priceFeed: { base: '0.250 HBD', quote: '1.000 HIVE' },
  logger: false,
  blockClock: Date.now,
  chainFile: undefined,
  hiveAuthTimeoutMs: 60_000,
  hiveSignerTokenTtlSeconds: 7 * 24 * 3600,
};

/**
 * Starts a Hive node + Hive Engine node + dev wallet server on one or more ports: a fresh chain in memory,
 * or the chain kept in `chainFile`.
 */
export async function startHiveSim(options: Partial<HiveSimOptions> = {}): Promise<RunningHiveSim> {
  const settings = withDefaults(options);
  if (!Number.isInteger(settings.nodes) || settings.nodes < 1) throw new Error(`nodes must be a positive integer, got ${settings.nodes}`);
  const keychainScript = buildKeychainScript(settings.password);
  const ledger = new Ledger(settings.password);
  const { file, stored } = settings.chainFile === undefined ? { file: null, stored: null } : ChainFile.open(settings.chainFile);
  const seed = stored?.seed ?? ChainFile.newSeed();
  if (file && !stored) file.append({ type: 'genesis', seed });
  if (stored) ledger.restore(stored.accounts);
  if (file) ledger.onChange = (account) => file.appendAccount(account);
  // Its timer runs from here on: everything below stops it on failure.
  const engine = new HiveEngine(ledger, settings.engineDelayMs, {
    seed,
    kept: stored?.engineBlocks ?? [],
    onBlock: (block) => file?.append({ type: 'engine', block }),
  });
  const chain = new HiveChain(
    ledger,
    (block, id, operations) => {
      file?.append({ type: 'hive', block });
      engine.onHiveTransaction(block, id, operations);
    },
    settings.blockClock,
    stored?.hiveBlocks ?? [],
  );
  if (file && !stored) file.append({ type: 'hive', block: chain.head });
  // What Hive Engine had not processed when the sim stopped, it processes now, in order.
  if (stored) {
    for (const block of chain.blocksFrom(engine.latestBlock().refHiveBlockNumber + 1)) {
      for (const { id, transaction } of block.transactions) engine.onHiveTransaction(block, id, transaction.operations.map(parseOperation));
    }
  }
  // Moved by POST /dev/price-feed, as the witnesses' feed moves on mainnet.
  const priceFeed = { ...settings.priceFeed };
  const sim: SimComponents = {
    ledger,
    engine,
    faults: new NodeFaults(settings.nodes),
    priceFeed,
    hiveNode: hiveNodeHandler(chain, ledger, priceFeed),
    contracts: contractsHandler(ledger),
    blockchain: blockchainHandler(engine),
    keychainScript,
    password: settings.password,
  };

  const apps: FastifyInstance[] = [];
  const hiveAuth = new HiveAuthServer({ timeoutMs: settings.hiveAuthTimeoutMs, now: Date.now });
  const hiveSigner = new HiveSignerStandIn(ledger, {
    tokenTtlSeconds: settings.hiveSignerTokenTtlSeconds,
    password: settings.password,
    now: Date.now,
  });
  const close = async (): Promise<void> => {
    try {
      await hiveAuth.close();
      await Promise.all(apps.map((app) => app.close()));
    } finally {
      engine.stop();
    }
  };
  try {
    for (let node = 0; node < settings.nodes; node++) {
      const app = Fastify({ logger: settings.logger });
      apps.push(app);
      await app.register(cors, { origin: true });
      registerRoutes(app, sim, node);
      hiveSigner.register(app);
      if (node === 0) hiveAuth.attach(app.server);
      await app.listen({ port: settings.port === 0 ? 0 : settings.port + node, host: settings.host });
    }
  } catch (error) {
    await close();
    throw error;
  }

  const ports = apps.map((app) => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : settings.port;
  });
  const urls = ports.map((port) => `http://${urlHost(settings.host)}:${port}`);
  return { url: urls[0], urls, port: ports[0], hiveAuthUrl: `${urls[0].replace(/^http/, 'ws')}${HIVEAUTH_PATH}`, close };
}

/** Options left out or undefined take their defaults. */
function withDefaults(options: Partial<HiveSimOptions>): HiveSimOptions {
  const defined = Object.entries(options).filter(([, value]) => value !== undefined);
  return { ...DEFAULTS, ...Object.fromEntries(defined) };
}

/** A host to reach the server at: wildcard binds are reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
