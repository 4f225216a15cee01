import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Server } from 'socket.io';
import { hiveEngineUrls, hiveNodeUrls, type AppConfig } from '@runik/server';

/** Where the browser reads RNK balances in production unless WEB_HIVE_ENGINE_URL says otherwise. */
const MAINNET_HIVE_ENGINE = 'https://api.hive-engine.com/rpc';
/** The public HiveAuth server the production web build names unless WEB_HIVEAUTH_URL says otherwise (apps/web/.env.production). */
const PUBLIC_HIVEAUTH = 'wss://hive-auth.arcange.eu';

/**
 * Security headers on every answer (the web app, its assets, the API, ops pages): a CSP whose scripts
 * come from the app itself, no framing, nosniff, no referrer. Outside production the dev wallet is
 * served by hive-sim (the chain node URLs), which the page loads a script from and calls.
 * helmet works them out once, and Fastify's own onRequest hook hands them to each reply, which writes them with its
 * others: @fastify/helmet 13 built helmet's middleware anew for every request (parsing the CSP each time), and running
 * the middleware per request (a setHeader call per header) cost a few per cent of the api's CPU (docs/benchmarks.md).
 */
export function addSecurityHeaders(app: NestFastifyApplication, config: AppConfig): void {
  const headers = headersHelmetSets(securityHeaderOptions(config));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
}

/**
 * The headers helmet's middleware sets, read once from a run of it. With these options it reads nothing of the request
 * (no nonce, no directive computed per request), so every answer gets the same; the one it removes, X-Powered-By, is
 * never set here (neither Fastify nor Nest sends it).
 */
function headersHelmetSets(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The same headers on Socket.IO's answers (its polling requests and WebSocket upgrades never reach
 * Fastify's hooks): helmet itself, as an engine.io middleware.
 */
export function addSocketSecurityHeaders(server: Server, config: AppConfig): void {
  server.engine.use(helmet(securityHeaderOptions(config)));
}

function securityHeaderOptions(config: AppConfig): HelmetOptions {
  const production = config.NODE_ENV === 'production';
  const devChain = production ? [] : [...hiveNodeUrls(config), ...hiveEngineUrls(config)].map(origin);
  // HiveAuth's websocket: the configured server, else the public one in production and hive-sim's stand-in (on the
  // sim's node, ws:// — Chromium does not let an http:// source cover ws://) otherwise.
  const hiveAuthUrl = config.WEB_HIVEAUTH_URL ?? (production ? PUBLIC_HIVEAUTH : undefined);
  const hiveAuth = hiveAuthUrl ? [origin(hiveAuthUrl)] : hiveNodeUrls(config).map((url) => origin(url).replace(/^http/, 'ws'));
  const hiveEngine = origin(config.WEB_HIVE_ENGINE_URL ?? (production ? MAINNET_HIVE_ENGINE : hiveEngineUrls(config)[0]));
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: unique(["'self'", ...devChain]),
        connectSrc: unique(["'self'", hiveEngine, ...hiveAuth, ...devChain]),
        imgSrc: ["'self'", 'data:'],
        // React and Bull Board set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // The installable app: its service worker (/sw.js) and manifest come from the app itself.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only where TLS is certain; a developer's http://localhost would ignore it anyway.
    strictTransportSecurity: production ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

function origin(url: string): string {
  return new URL(url).origin;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
