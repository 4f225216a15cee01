import fastifyHelmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Server } from 'socket.io';
import { hiveEngineUrls, hiveNodeUrls, type AppConfig } from '@runik/server';

/** Where the browser reads RNK balances in production unless WEB_HIVE_ENGINE_URL says otherwise. */
const MAINNET_HIVE_ENGINE = 'https://api.hive-engine.com/rpc';

/**
 * Security headers on every answer (the web app, its assets, the API, ops pages): a CSP whose scripts
 * come from the app itself, no framing, nosniff, no referrer. Outside production the dev wallet is
 * served by hive-sim (the chain node URLs), which the page loads a script from and calls.
 */
export async function addSecurityHeaders(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  await app.register(fastifyHelmet, securityHeaderOptions(config));
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
  const hiveEngine = origin(config.WEB_HIVE_ENGINE_URL ?? (production ? MAINNET_HIVE_ENGINE : hiveEngineUrls(config)[0]));
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: unique(["'self'", ...devChain]),
        connectSrc: unique(["'self'", hiveEngine, ...devChain]),
        imgSrc: ["'self'", 'data:'],
        // React and Bull Board set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
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
