import { PrivateKey } from '@hiveio/dhive';
import type { FastifyInstance } from 'fastify';
import { ASSET_SYMBOLS, ASSETS, formatAmount, isAssetSymbol, parseAmount } from './assets';
import { ChainRuleError, RPC_PARSE_ERROR, RpcError } from './errors';
import type { HiveEngine } from './hive-engine';
import type { PriceFeed } from './hive-node-rpc';
import { answerJsonRpc, errorResponse, isRecord, type RpcHandler } from './json-rpc';
import type { Ledger } from './ledger';
import { FAULTS, type Fault, type NodeFaults } from './node-faults';
import { answerHiveAuth, answerHiveAuthSign } from './hiveauth/has-wallet';

/** What every node (port) of the sim serves: one chain, one Hive Engine. */
export interface SimComponents {
  ledger: Ledger;
  engine: HiveEngine;
  faults: NodeFaults;
  /** The median price the Hive node answers; the dev endpoint moves it. */
  priceFeed: PriceFeed;
  hiveNode: RpcHandler;
  contracts: RpcHandler;
  blockchain: RpcHandler;
  keychainScript: string;
  /** The dev password every account's keys come from (PrivateKey.fromLogin). */
  password: string;
}

const ENGINE_ROUTES = new Set(['/contracts', '/blockchain']);

/** Node number `node`: Hive node at /, Hive Engine at /contracts and /blockchain, plus dev helpers. */
export function registerRoutes(app: FastifyInstance, sim: SimComponents, node: number): void {
  const rpcRoutes: Record<string, RpcHandler> = { '/': sim.hiveNode, '/contracts': sim.contracts, '/blockchain': sim.blockchain };
  for (const [path, handler] of Object.entries(rpcRoutes)) {
    app.post(path, async (request) => answerJsonRpc(request.body, handler));
  }

  // Only the JSON-RPC routes go down, as behind a real node's proxy; dev routes keep working.
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (request.method !== 'POST' || !Object.hasOwn(rpcRoutes, route)) return;
    if ((await sim.faults.settle(node, request.raw.socket)) === 'fail') {
      return reply.code(503).send({ error: `node ${node} is failing (POST /dev/node-fault)` });
    }
    if (ENGINE_ROUTES.has(route) && sim.engine.settings.down) {
      return reply.code(503).send({ error: 'Hive Engine is down (POST /dev/engine)' });
    }
  });
  app.addHook('preClose', async () => sim.faults.destroyHanging(node));

  app.setErrorHandler((error, request, reply) => {
    const status = error instanceof ChainRuleError ? 400 : ((error as { statusCode?: number }).statusCode ?? 500);
    const message = error instanceof Error ? error.message : String(error);
    // A JSON-RPC client expects a JSON-RPC answer even when the body did not parse.
    if (Object.hasOwn(rpcRoutes, request.routeOptions.url ?? '') && status === 400) {
      return reply.code(200).send(errorResponse(null, new RpcError(RPC_PARSE_ERROR, message)));
    }
    return reply.code(status).send({ error: message });
  });

  app.post('/dev/faucet', async (request) => {
    const { account, symbol, quantity } = isRecord(request.body) ? request.body : {};
    if (!isAssetSymbol(symbol)) throw new ChainRuleError(`symbol must be one of ${ASSET_SYMBOLS.join(', ')}`);
    const units = parseAmount(quantity, symbol);
    if (units === null || units <= 0n) {
      throw new ChainRuleError(`quantity must be a positive decimal string with at most ${ASSETS[symbol].precision} decimals`);
    }
    const { name } = sim.ledger.account(account);
    sim.ledger.credit(name, symbol, units);
    return { account: name, symbol, balance: formatAmount(sim.ledger.balance(name, symbol), symbol) };
  });

  app.post('/dev/price-feed', async (request) => {
    const { base, quote } = isRecord(request.body) ? request.body : {};
    if (typeof base !== 'string' || !/^\d+\.\d{3} HBD$/.test(base))
      throw new ChainRuleError("base must be an HBD asset such as '0.250 HBD'");
    if (typeof quote !== 'string' || !/^\d+\.\d{3} HIVE$/.test(quote))
      throw new ChainRuleError("quote must be a HIVE asset such as '1.000 HIVE'");
    Object.assign(sim.priceFeed, { base, quote });
    return sim.priceFeed;
  });

  app.post('/dev/engine', async (request) => {
    const { lagMs, down } = isRecord(request.body) ? request.body : {};
    if (lagMs !== undefined && !(Number.isSafeInteger(lagMs) && (lagMs as number) >= 0)) {
      throw new ChainRuleError('lagMs must be a non-negative integer (milliseconds)');
    }
    if (down !== undefined && typeof down !== 'boolean') throw new ChainRuleError('down must be a boolean');
    return sim.engine.configure({ lagMs: lagMs as number | undefined, down });
  });

  app.post('/dev/node-fault', async (request) => {
    const { node: target, fault } = isRecord(request.body) ? request.body : {};
    if (!Number.isInteger(target) || (target as number) < 0 || (target as number) >= sim.faults.count) {
      throw new ChainRuleError(`node must be a node index from 0 to ${sim.faults.count - 1}`);
    }
    if (!FAULTS.includes(fault as Fault)) throw new ChainRuleError(`fault must be one of ${FAULTS.join(', ')}`);
    sim.faults.set(target as number, fault as Fault);
    return { node: target, fault };
  });

  // The scripted HiveAuth wallet, for tests that run the sim as a process: given the `has://auth_req/` link a page
  // shows (deep link or QR code), it answers as a phone would, through the HiveAuth server the link names: approves
  // (signs the challenge with the account's posting key), refuses, or signs with a key that is not the account's.
  app.post('/dev/hiveauth/answer', async (request) => {
    const { link, answer = 'approve' } = isRecord(request.body) ? request.body : {};
    if (typeof link !== 'string') throw new ChainRuleError('link must be the has://auth_req/ link the page shows');
    if (answer !== 'approve' && answer !== 'refuse' && answer !== 'forge')
      throw new ChainRuleError('answer must be approve, refuse or forge');
    try {
      const asked = await answerHiveAuth(link, {
        password: sim.password,
        refuse: answer === 'refuse',
        signingKey: answer === 'forge' ? PrivateKey.fromSeed(`not the key of anyone ${Date.now()}`) : undefined,
        // The request is waiting when a test asks (it read the link from the page): no need for the 10 s default.
        timeoutMs: 5_000,
      });
      return { answered: answer, asked };
    } catch (error) {
      throw new ChainRuleError(`the wallet could not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  });

  // The same wallet answers the next sign request (a payment) for the account of a login link it was paired through
  // (a phone keeps the link's key): broadcasts its operations with the dev key of the asked type, or refuses.
  app.post('/dev/hiveauth/sign', async (request) => {
    const { link, answer = 'approve' } = isRecord(request.body) ? request.body : {};
    if (typeof link !== 'string') throw new ChainRuleError('link must be the has://auth_req/ link the wallet was paired through');
    if (answer !== 'approve' && answer !== 'refuse') throw new ChainRuleError('answer must be approve or refuse');
    try {
      const { asked, txId } = await answerHiveAuthSign(link, {
        password: sim.password,
        nodeUrl: `http://${request.headers.host ?? '127.0.0.1'}`,
        refuse: answer === 'refuse',
        timeoutMs: 10_000,
      });
      return { answered: answer, asked, txId };
    } catch (error) {
      throw new ChainRuleError(`the wallet could not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  });

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/keychain.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(sim.keychainScript),
  );
}
