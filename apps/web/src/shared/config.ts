/** The Hive account that receives registration payments (the server checks the same account). */
export const GAME_ACCOUNT = import.meta.env.VITE_GAME_ACCOUNT || 'runik.game';

/**
 * Hive Engine's JSON-RPC endpoint, where the client reads the player's RNK wallet balance
 * (spec section 7, "External token ledger"). Development and test builds point at apps/hive-sim.
 */
export const HIVE_ENGINE_URL = (import.meta.env.VITE_HIVE_ENGINE_URL || 'https://api.hive-engine.com/rpc').replace(/\/+$/, '');
/** The external Throne Wars guide linked from the Reward System section. */
export const THRONE_GUIDE_URL = import.meta.env.VITE_THRONE_GUIDE_URL || 'https://peakd.com/@runik.game';
/**
 * The HiveAuth server (websocket) the HiveAuth login goes through: hive-sim's stand-in in development and tests, a
 * real one (e.g. wss://hive-auth.arcange.eu) in production, where the build refuses to be made without it.
 */
export const HIVEAUTH_URL = import.meta.env.VITE_HIVEAUTH_URL || '';
/**
 * HiveSigner's login and signing pages (hivesigner.com in production; hive-sim's stand-in in development and tests).
 * The `hivesigner` SDK hard-codes this origin, so its URLs are built in the SDK's format (docs/decisions.md, issue 49).
 */
export const HIVESIGNER_URL = (import.meta.env.VITE_HIVESIGNER_URL || 'https://hivesigner.com').replace(/\/+$/, '');
