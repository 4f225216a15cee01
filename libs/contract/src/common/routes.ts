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
  cityConstants: '/api/city/constants',
  cityResources: (username: string) => `/api/city/resources/${encodeURIComponent(username)}`,
  cityUpgrade: (username: string, buildingKey: string) => `/api/city/upgrade/${encodeURIComponent(username)}/${encodeURIComponent(buildingKey)}`,
  cityHarvest: (username: string) => `/api/city/harvest/${encodeURIComponent(username)}`,
  cityConvert: (username: string) => `/api/city/convert/${encodeURIComponent(username)}`,
  cityConvertToResources: (username: string) => `/api/city/convert-to-resources/${encodeURIComponent(username)}`,
  cityTrain: (username: string) => `/api/city/train/${encodeURIComponent(username)}`,
  citySpeedup: (username: string, buildingKey: string) => `/api/city/speedup/${encodeURIComponent(username)}/${encodeURIComponent(buildingKey)}`,
  cityHeal: (username: string) => `/api/city/heal/${encodeURIComponent(username)}`,
  depositInit: (username: string) => `/api/city/deposit/init/${encodeURIComponent(username)}`,
  depositStatus: (username: string) => `/api/city/deposit/status/${encodeURIComponent(username)}`,
  withdraw: (username: string) => `/api/city/withdraw/${encodeURIComponent(username)}`,
  withdrawStatus: (username: string) => `/api/city/withdraw/status/${encodeURIComponent(username)}`,
  depositCheck: (txId: string, username: string, amount: string) =>
    `/api/city/deposit/check/${encodeURIComponent(txId)}?username=${encodeURIComponent(username)}&amount=${encodeURIComponent(amount)}`,
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
