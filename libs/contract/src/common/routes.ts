/** API paths (the spec's, verbatim). Functions build concrete paths for clients. */
export const API_PREFIX = '/api';

export const ApiRoutes = {
  health: '/api/health',
  loginChallenge: (username: string) => `/api/login-challenge/${encodeURIComponent(username)}`,
  verifyLogin: '/api/verify-login',
  logout: '/api/logout',
  hivePrice: '/api/hive-price',
  hiveBalance: (username: string) => `/api/hive-balance/${encodeURIComponent(username)}`,
  initiateRegistration: '/api/initiate-registration',
  transactionStatus: (txId: string) => `/api/transaction-status/${encodeURIComponent(txId)}`,
  freeRegistration: '/api/free-registration',
  referredPlayers: (username: string) => `/api/navbar/referred-players/${encodeURIComponent(username)}`,
} as const;

/** Web app routes (spec section 2). */
export const AppRoutes = {
  authentication: '/authentication',
  city: '/city',
  attack: '/attack',
  alliance: '/alliance',
  gears: '/gears',
  marketplace: '/marketplace',
  leaderboard: '/leaderboard',
  territories: '/territories',
  blacksmith: '/blacksmith',
  packs: '/packs',
  syncshop: '/syncshop',
  p2p: '/p2p',
  abyssalcitadel: '/abyssalcitadel',
  thronewars: '/thronewars',
} as const;
