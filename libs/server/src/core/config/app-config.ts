import { z } from 'zod';
import { COVERAGE_FLOOR_DECIMALS, DEPOSIT_RETRY_MS, EMISSION_POLICY, formatDecimal, parseDecimal } from '@runik/rules';
import { StartupError } from '../preflight';
import { withSecretFiles } from './secret-files';

/** A comma-separated list of node addresses, in the order they are preferred. */
const urlList = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().url()).min(1));

/**
 * An optional positive decimal of at most `decimals` places, read as an integer of its smallest unit
 * (thousandths for RUNIK); unset or empty leaves the rule off.
 */
const optionalUnits = (decimals: number, what: string) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return undefined;
      const units = parseDecimal(text.trim(), decimals);
      if (units === null || units <= 0) {
        context.addIssue({
          code: 'custom',
          message: `must be ${what} greater than 0 with at most ${decimals} decimals, or unset (got "${text}")`,
        });
        return z.NEVER;
      }
      return units;
    });

/** A RUNIK amount (up to 3 decimals, 0 allowed) read as thousandths, with a default in thousandths. */
const runikSetting = (defaultThousandths: number) =>
  z
    .string()
    .default(formatDecimal(defaultThousandths, 3))
    .transform((text, context) => {
      const units = parseDecimal(text.trim(), 3);
      if (units === null || units < 0) {
        context.addIssue({ code: 'custom', message: `must be a RUNIK amount of at least 0 with at most 3 decimals (got "${text}")` });
        return z.NEVER;
      }
      return units;
    });

/**
 * The guard rails' values in production when the operator leaves them unset (docs/decisions.md,
 * "Withdrawal guard rails"): development and tests keep them off unless set.
 */
export const PRODUCTION_GUARD_RAILS = {
  WITHDRAWAL_DAILY_CAP_PER_ACCOUNT: 1_000_000,
  WITHDRAWAL_DAILY_CAP_GAME: 50_000_000,
  WITHDRAWAL_COVERAGE_FLOOR: 10_000,
} as const;

/** Every setting the server reads from the environment, validated once at start. */
export const appConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/runik'),
    REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
    /**
     * A folder of secret files, each named as its setting (DATABASE_URL, DATABASE_PASSWORD: DATABASE_URL's
     * password, REDIS_URL, GAME_ACCOUNT_ACTIVE_KEY, BULL_BOARD_PASSWORD, METRICS_TOKEN), read over the
     * environment and never put in it (secret-files.ts); compose's /run/secrets.
     */
    SECRETS_DIR: z.string().optional(),
    /** Namespaces BullMQ queues and short-lived keys, so several games or test runs can share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]+$/)
      .default('runik'),
    /** How long a call waits for one Redis command before it answers 503 (Redis hanging or down). */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(500),
    /**
     * Hive API nodes and Hive Engine nodes (HIVE_NODE_URLS, HIVE_ENGINE_URLS: comma-separated, tried in
     * order, a failing or slow one skipped for a while). The single-node variables are used when the
     * lists are unset.
     */
    HIVE_NODE_URLS: urlList.optional(),
    HIVE_ENGINE_URLS: urlList.optional(),
    HIVE_NODE_URL: z.string().url().default('http://127.0.0.1:3001'),
    HIVE_ENGINE_URL: z.string().url().default('http://127.0.0.1:3001'),
    /** How long one call to one chain node may take before the next node is tried. */
    CHAIN_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    GAME_ACCOUNT: z.string().default('runik.game'),
    /**
     * HiveSigner's API (`/api/me` checks a login token; https://hivesigner.com for the real one): by default
     * hive-sim's stand-in; the api refuses to start in production without it (HIVESIGNER_API_URL).
     */
    HIVESIGNER_API_URL: z.string().url().optional(),
    /**
     * The app account registered on HiveSigner, the client_id its tokens must be issued to (HIVESIGNER_APP): by
     * default `runik.app`; the api refuses to start in production without it.
     */
    HIVESIGNER_APP: z.string().min(3).optional(),
    /** The game account's active key (WIF), which signs withdrawals. Outside production it defaults to hive-sim's dev key. */
    GAME_ACCOUNT_ACTIVE_KEY: z.string().optional(),
    /**
     * The first Hive Engine block the chain follower reads on a database that has never followed the
     * chain (set it to the block of the game account's first payment when moving an existing game);
     * by default the newest block at that first start.
     */
    CHAIN_FOLLOW_START_BLOCK: z.coerce.number().int().nonnegative().optional(),
    /**
     * The operators' own accounts (comma-separated) whose transfers to the game account fund the
     * treasury: recorded, never matched to a payment nor refunded.
     */
    TREASURY_ACCOUNTS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    HIVE_SIM_PASSWORD: z.string().default('devpass'),
    /** How long a transaction the game signs may wait to be included in a block (Hive's usual 60 s). */
    HIVE_TRANSACTION_LIFETIME_MS: z.coerce.number().int().positive().default(60_000),
    /** Used when a registration names no referrer (the spec does not show its value). */
    DEFAULT_REFERRER: z.string().optional(),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
    /**
     * The operators' credentials (HTTP basic auth) for every ops surface: Bull Board at /admin/queues,
     * the operator API under /api/admin and /metrics. Without a password they stay locked.
     */
    BULL_BOARD_USER: z.string().default('admin'),
    BULL_BOARD_PASSWORD: z.string().optional(),
    /**
     * Failed ops logins one client address may make in a minute; the one that reaches it locks the
     * address out of every ops surface for OPS_LOGIN_LOCKOUT_MINUTES (429, the right password too).
     */
    OPS_LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(10),
    OPS_LOGIN_LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
    /** Serve the OpenAPI document at /api/docs: on by default outside production, off in production. */
    API_DOCS: z.enum(['true', 'false']).optional(),
    /** Hive Engine's address as the players' browsers call it (the CSP's connect-src); by default mainnet's in production, HIVE_ENGINE_URL otherwise. */
    WEB_HIVE_ENGINE_URL: z.string().url().optional(),
    /** The HiveAuth server the web app's HiveAuth login calls (the CSP's connect-src); by default the public wss://hive-auth.arcange.eu in production, hive-sim's (a chain node's origin) otherwise. */
    WEB_HIVEAUTH_URL: z.string().url().optional(),
    /** Built web app to serve at / (the API serves it in one-machine setups). */
    WEB_DIST_DIR: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How long the worker looks for a deposit's transaction before calling it failed (the spec: 12 minutes). */
    DEPOSIT_CONFIRMATION_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(12 * 60 * 1000),
    /** How long the worker looks for a SWAP.HIVE payment (packs, shop) before calling it invalid: as long as the client waits. */
    SWAP_HIVE_CONFIRMATION_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 60 * 1000),
    /**
     * How long the worker waits before looking again for a payment it did not find yet (a deposit, a
     * SWAP.HIVE payment, a registration fee, which it looks for CONFIRM_REGISTRATION_ATTEMPTS times), and
     * for a withdrawal it sent. Tests shorten them: hive-sim shows a transaction within a second.
     */
    DEPOSIT_RETRY_MS: z.coerce.number().int().positive().default(DEPOSIT_RETRY_MS),
    SWAP_HIVE_CONFIRMATION_RETRY_MS: z.coerce.number().int().positive().default(5_000),
    CONFIRM_REGISTRATION_RETRY_MS: z.coerce.number().int().positive().default(3_000),
    WITHDRAWAL_RETRY_MS: z.coerce.number().int().positive().default(3_000),
    /** The day over which a sender's refunds are counted (REFUNDS_PER_SENDER_PER_DAY); tests shorten it. */
    REFUND_COUNT_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 60 * 60 * 1000),
    /**
     * How long a worker holds a job before others may take it over, and how often stalled jobs are
     * looked for: a worker that died mid-job has its job run again after about this long.
     */
    WORKER_LOCK_DURATION_MS: z.coerce.number().int().positive().default(30_000),
    /**
     * Where the worker stamps its loops' heartbeat files, read by its container's health check
     * (apps/worker/src/liveness/liveness-check.mjs); unset, no heartbeat is written.
     */
    WORKER_HEARTBEAT_DIR: z.string().optional(),
    /** Requests per minute per client address on the public login and registration calls. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /**
     * Requests per minute on every other call (health and metrics aside): per session when the call
     * carries a valid session, per client address otherwise. Counted in Redis, so it holds across replicas.
     */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /**
     * The Socket.IO gateway's limits (docs/decisions.md, "Socket limits"): transport connections per
     * client address and sockets per session, on each api replica; handshakes per minute per address
     * and per session, counted in Redis; how long a connection may stay without joining (authenticating).
     */
    SOCKET_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
    SOCKETS_PER_SESSION: z.coerce.number().int().positive().default(5),
    SOCKET_HANDSHAKES_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().positive().default(120),
    SOCKET_HANDSHAKES_PER_MINUTE_PER_SESSION: z.coerce.number().int().positive().default(30),
    SOCKET_AUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    /**
     * Which proxies may say who the client is (X-Forwarded-For): `true`, `false`, or a comma-separated
     * list of addresses, CIDR ranges and proxy-addr's names. By default none: a forwarded address is
     * trusted only from proxies the operator names (compose names its nginx), so no client, on the
     * internet or beside the api, picks its own address for the per-address limits.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value)),
    /**
     * Withdrawal guard rails (docs/decisions.md): RUNIK one account, and all accounts together, may
     * withdraw per game day (08:00 to 08:00 in Manila); unset, no cap.
     */
    WITHDRAWAL_DAILY_CAP_PER_ACCOUNT: optionalUnits(3, 'a RUNIK amount'),
    WITHDRAWAL_DAILY_CAP_GAME: optionalUnits(3, 'a RUNIK amount'),
    /**
     * The coverage floor, a ratio (0.8: the game account's RNK covers 80% of the RUNIK paid players
     * may withdraw): a withdrawal that would leave coverage under it waits in line instead of being
     * sent. Kept in ten-thousandths; unset, withdrawals never wait.
     */
    WITHDRAWAL_COVERAGE_FLOOR: optionalUnits(COVERAGE_FLOOR_DECIMALS, 'a ratio'),
    /** How often the worker looks whether the game account's RNK lets queued withdrawals go. */
    WITHDRAWAL_QUEUE_CHECK_MS: z.coerce.number().int().positive().default(15_000),
    /**
     * The daily emission budget (docs/decisions.md, "The emission budget"): never under the minimum
     * (RUNIK), never over the ceiling (RUNIK), otherwise this percent of the RNK held above all that is owed.
     */
    EMISSION_DAILY_MINIMUM: runikSetting(EMISSION_POLICY.minimum),
    EMISSION_DAILY_CEILING: runikSetting(EMISSION_POLICY.ceiling),
    EMISSION_SURPLUS_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(EMISSION_POLICY.surplusSharePercent),
    /** A bearer token Prometheus may send to /metrics instead of the operators' credentials. */
    METRICS_TOKEN: z.string().min(16).optional(),
  })
  .refine((config) => config.EMISSION_DAILY_MINIMUM <= config.EMISSION_DAILY_CEILING, {
    path: ['EMISSION_DAILY_MINIMUM'],
    message: 'must not be over EMISSION_DAILY_CEILING',
  })
  .transform((config) =>
    config.NODE_ENV === 'production'
      ? {
          ...config,
          WITHDRAWAL_DAILY_CAP_PER_ACCOUNT:
            config.WITHDRAWAL_DAILY_CAP_PER_ACCOUNT ?? PRODUCTION_GUARD_RAILS.WITHDRAWAL_DAILY_CAP_PER_ACCOUNT,
          WITHDRAWAL_DAILY_CAP_GAME: config.WITHDRAWAL_DAILY_CAP_GAME ?? PRODUCTION_GUARD_RAILS.WITHDRAWAL_DAILY_CAP_GAME,
          WITHDRAWAL_COVERAGE_FLOOR: config.WITHDRAWAL_COVERAGE_FLOOR ?? PRODUCTION_GUARD_RAILS.WITHDRAWAL_COVERAGE_FLOOR,
        }
      : config,
  );

export type AppConfig = z.infer<typeof appConfigSchema>;

/**
 * What production must be told, by process: each default is development's (hive-sim's nodes, its game
 * account and dev key, a local database and Redis, ops routes locked), never a guess for real money.
 * An entry of several names is satisfied by any one of them.
 */
const REQUIRED_IN_PRODUCTION = {
  any: [['DATABASE_URL'], ['REDIS_URL'], ['HIVE_NODE_URLS', 'HIVE_NODE_URL'], ['HIVE_ENGINE_URLS', 'HIVE_ENGINE_URL'], ['GAME_ACCOUNT']],
  api: [['BULL_BOARD_PASSWORD'], ['HIVESIGNER_APP'], ['HIVESIGNER_API_URL']],
  worker: [['GAME_ACCOUNT_ACTIVE_KEY']],
} as const;

/** The process reading the configuration, for what production requires of it (`REQUIRED_IN_PRODUCTION`). */
export type ServerProcess = keyof typeof REQUIRED_IN_PRODUCTION;

/**
 * The settings, validated; throws a one-line "Invalid configuration: ..." naming every problem, among
 * them each setting production requires of the process (`role`) that was left to its default.
 */
export function loadAppConfig(env: Record<string, unknown> = process.env, role: ServerProcess = 'any'): AppConfig {
  const settings = withSecretFiles(env);
  const result = appConfigSchema.safeParse(settings);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (settings['NODE_ENV'] === 'production') {
    const required = role === 'any' ? REQUIRED_IN_PRODUCTION.any : [...REQUIRED_IN_PRODUCTION.any, ...REQUIRED_IN_PRODUCTION[role]];
    const unset = (name: string) => typeof settings[name] !== 'string' || (settings[name] as string).trim() === '';
    for (const names of required) {
      if (names.every(unset)) problems.push(`${names.join(' or ')}: must be set in production`);
    }
  }
  if (!result.success || problems.length > 0) throw new StartupError(`Invalid configuration: ${problems.join('; ')}`);
  return result.data;
}

/** Whether the api serves its OpenAPI document (API_DOCS, by default outside production only). */
export function servesApiDocs(config: AppConfig): boolean {
  return config.API_DOCS === undefined ? config.NODE_ENV !== 'production' : config.API_DOCS === 'true';
}

export function hiveNodeUrls(config: AppConfig): string[] {
  return config.HIVE_NODE_URLS ?? [config.HIVE_NODE_URL];
}

export function hiveEngineUrls(config: AppConfig): string[] {
  return config.HIVE_ENGINE_URLS ?? [config.HIVE_ENGINE_URL];
}

export function defaultReferrer(config: AppConfig): string {
  return config.DEFAULT_REFERRER ?? config.GAME_ACCOUNT;
}

/** HiveSigner's API base URL, without a trailing slash (development's default: hive-sim's stand-in). */
export function hiveSignerApiUrl(config: AppConfig): string {
  return (config.HIVESIGNER_API_URL ?? 'http://127.0.0.1:3001').replace(/\/+$/, '');
}

/** The app HiveSigner login tokens must be issued to (development's default: `runik.app`). */
export function hiveSignerApp(config: AppConfig): string {
  return config.HIVESIGNER_APP ?? 'runik.app';
}
