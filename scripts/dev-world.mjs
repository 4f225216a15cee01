// The development world's pieces that `npm start` keeps and `npm run reset` removes.

/** Where `npm start`'s hive-sim keeps its chain (relative to the repository, where npm scripts run). */
export const DEV_CHAIN_FILE = 'tmp/hive-sim/chain.jsonl';
