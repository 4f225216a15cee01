import type { FastifyInstance } from 'fastify';
import { ASSET_SYMBOLS, ASSETS, formatAmount, isAssetSymbol, parseAmount } from './assets';
import { ChainRuleError, RPC_PARSE_ERROR, RpcError } from './errors';
import { answerJsonRpc, errorResponse, isRecord, type RpcHandler } from './json-rpc';
import type { PriceFeed } from './hive-node-rpc';
import type { Ledger } from './ledger';

export interface SimComponents {
  ledger: Ledger;
  /** The median price the Hive node answers; the dev endpoint moves it. */
  priceFeed: PriceFeed;
  hiveNode: RpcHandler;
  contracts: RpcHandler;
  blockchain: RpcHandler;
  keychainScript: string;
}

/** Hive node at /, Hive Engine at /contracts and /blockchain, plus dev helpers. */
export function registerRoutes(app: FastifyInstance, sim: SimComponents): void {
  const rpcRoutes: Record<string, RpcHandler> = { '/': sim.hiveNode, '/contracts': sim.contracts, '/blockchain': sim.blockchain };
  for (const [path, handler] of Object.entries(rpcRoutes)) {
    app.post(path, async (request) => answerJsonRpc(request.body, handler));
  }

  app.setErrorHandler((error, request, reply) => {
    const status = error instanceof ChainRuleError ? 400 : (error as { statusCode?: number }).statusCode ?? 500;
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
    if (typeof base !== 'string' || !/^\d+\.\d{3} HBD$/.test(base)) throw new ChainRuleError("base must be an HBD asset such as '0.250 HBD'");
    if (typeof quote !== 'string' || !/^\d+\.\d{3} HIVE$/.test(quote)) throw new ChainRuleError("quote must be a HIVE asset such as '1.000 HIVE'");
    Object.assign(sim.priceFeed, { base, quote });
    return sim.priceFeed;
  });

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/keychain.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(sim.keychainScript),
  );
}
