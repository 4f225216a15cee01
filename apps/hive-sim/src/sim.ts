import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { HiveChain } from './hive-chain';
import { HiveEngine } from './hive-engine';
import { blockchainHandler, contractsHandler } from './hive-engine-rpc';
import { hiveNodeHandler, type PriceFeed } from './hive-node-rpc';
import { buildKeychainScript } from './keychain-script';
import { Ledger } from './ledger';
import { registerRoutes } from './routes';

export interface HiveSimOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Every account's keys are PrivateKey.fromLogin(username, password, role). */
  password: string;
  /** How long after its Hive block a Hive Engine action is processed. */
  engineDelayMs: number;
  /** What condenser_api.get_current_median_history_price answers. */
  priceFeed: PriceFeed;
  /** Fastify request logging. */
  logger: boolean;
}

export interface RunningHiveSim {
  /** e.g. http://127.0.0.1:3001 */
  url: string;
  port: number;
  close(): Promise<void>;
}

const DEFAULTS: HiveSimOptions = {
  port: 3001,
  host: '127.0.0.1',
  password: 'devpass',
  engineDelayMs: 3000,
  priceFeed: { base: '0.250 HBD', quote: '1.000 HIVE' },
  logger: false,
};

/** Starts a fresh in-memory Hive node + Hive Engine node + dev wallet server. */
export async function startHiveSim(options: Partial<HiveSimOptions> = {}): Promise<RunningHiveSim> {
  const settings = withDefaults(options);
  const ledger = new Ledger(settings.password);
  const engine = new HiveEngine(ledger, settings.engineDelayMs);
  const chain = new HiveChain(ledger, engine.onHiveTransaction);
  // Moved by POST /dev/price-feed, as the witnesses' feed moves on mainnet.
  const priceFeed = { ...settings.priceFeed };

  const app: FastifyInstance = Fastify({ logger: settings.logger });
  await app.register(cors, { origin: true });
  registerRoutes(app, {
    ledger,
    priceFeed,
    hiveNode: hiveNodeHandler(chain, ledger, priceFeed),
    contracts: contractsHandler(ledger),
    blockchain: blockchainHandler(engine),
    keychainScript: buildKeychainScript(settings.password),
  });
  app.addHook('onClose', async () => engine.stop());
  await app.listen({ port: settings.port, host: settings.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  return { url: `http://${urlHost(settings.host)}:${port}`, port, close: () => app.close() };
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
