/** API paths (the spec's, verbatim). Functions build concrete paths for clients. */
export const API_PREFIX = '/api';

export const ApiRoutes = {
  health: '/api/health',
  adminChainTransfers: '/api/admin/chain/transfers',
  adminEconomy: '/api/admin/economy',
  /** The game clock (development and tests only): GET reads it, POST `{ hours }` or `{ days }` moves it forward. */
  adminClock: '/api/admin/clock',
  loginChallenge: (username: string) => `/api/login-challenge/${encodeURIComponent(username)}`,
  verifyLogin: '/api/verify-login',
  /** Login through HiveSigner (issue 49; not in the spec): `{ accessToken }` checked against HiveSigner's API. */
  hiveSignerLogin: '/api/login/hivesigner',
  logout: '/api/logout',
  hivePrice: '/api/hive-price',
  hiveBalance: (username: string) => `/api/hive-balance/${encodeURIComponent(username)}`,
  initiateRegistration: '/api/initiate-registration',
  transactionStatus: (txId: string) => `/api/transaction-status/${encodeURIComponent(txId)}`,
  freeRegistration: '/api/free-registration',
  /** What a free account's late activation would do (issue 44), for the session's own account. */
  lateActivation: (username: string) => `/api/late-activation/${encodeURIComponent(username)}`,
  referredPlayers: (username: string) => `/api/navbar/referred-players/${encodeURIComponent(username)}`,
  cityConstants: '/api/city/constants',
  cityResources: (username: string) => `/api/city/resources/${encodeURIComponent(username)}`,
  cityUpgrade: (username: string, buildingKey: string) =>
    `/api/city/upgrade/${encodeURIComponent(username)}/${encodeURIComponent(buildingKey)}`,
  cityHarvest: (username: string) => `/api/city/harvest/${encodeURIComponent(username)}`,
  cityConvert: (username: string) => `/api/city/convert/${encodeURIComponent(username)}`,
  cityConvertToResources: (username: string) => `/api/city/convert-to-resources/${encodeURIComponent(username)}`,
  cityTrain: (username: string) => `/api/city/train/${encodeURIComponent(username)}`,
  citySpeedup: (username: string, buildingKey: string) =>
    `/api/city/speedup/${encodeURIComponent(username)}/${encodeURIComponent(buildingKey)}`,
  cityHeal: (username: string) => `/api/city/heal/${encodeURIComponent(username)}`,
  depositInit: (username: string) => `/api/city/deposit/init/${encodeURIComponent(username)}`,
  depositStatus: (username: string) => `/api/city/deposit/status/${encodeURIComponent(username)}`,
  withdraw: (username: string) => `/api/city/withdraw/${encodeURIComponent(username)}`,
  withdrawStatus: (username: string) => `/api/city/withdraw/status/${encodeURIComponent(username)}`,
  paymentHistory: (username: string, offset = 0) =>
    `/api/city/payments/${encodeURIComponent(username)}${offset ? `?offset=${offset}` : ''}`,
  depositCheck: (txId: string, username: string, amount: string) =>
    `/api/city/deposit/check/${encodeURIComponent(txId)}?username=${encodeURIComponent(username)}&amount=${encodeURIComponent(amount)}`,
  allianceMy: (username: string) => `/api/alliance/my?hiveUsername=${encodeURIComponent(username)}`,
  allianceList: '/api/alliance/alliances',
  allianceCreate: '/api/alliance/create',
  allianceJoin: '/api/alliance/join',
  allianceInvite: '/api/alliance/invite',
  allianceInvitations: (username: string, allianceId: number) =>
    `/api/alliance/invitations?hiveUsername=${encodeURIComponent(username)}&allianceId=${encodeURIComponent(String(allianceId))}`,
  allianceInvitationRevoke: '/api/alliance/invitations/revoke',
  allianceInvitationSettings: '/api/alliance/invitations/settings',
  allianceLeave: '/api/alliance/leave',
  allianceDisband: '/api/alliance/disband',
  allianceUpdate: '/api/alliance/update',
  allianceExpand: '/api/alliance/expand',
  allianceAccept: '/api/alliance/request/accept',
  allianceReject: '/api/alliance/request/reject',
  allianceKick: '/api/alliance/kick',
  /** Alliance chat (issue 37): GET a page of history (newest first), POST `{ text }` to send. */
  allianceChat: (username: string, options: { cursor?: string; limit?: number } = {}) =>
    `/api/alliance/chat/${encodeURIComponent(username)}${query({
      cursor: options.cursor,
      limit: options.limit === undefined ? undefined : String(options.limit),
    })}`,
  allianceChatUnread: (username: string) => `/api/alliance/chat/${encodeURIComponent(username)}/unread`,
  allianceChatRead: (username: string) => `/api/alliance/chat/${encodeURIComponent(username)}/read`,
  allianceChatDelete: (username: string) => `/api/alliance/chat/${encodeURIComponent(username)}/delete`,
  allianceChatMute: (username: string) => `/api/alliance/chat/${encodeURIComponent(username)}/mute`,
  allianceChatUnmute: (username: string) => `/api/alliance/chat/${encodeURIComponent(username)}/unmute`,
  armyStats: (username: string) => `/api/attack/${encodeURIComponent(username)}`,
  enemies: (username: string, page: number, minLevel: number) =>
    `/api/attack/enemies/${encodeURIComponent(username)}?page=${page}&minLevel=${minLevel}`,
  battleLogs: (username: string) => `/api/attack/battle-logs/${encodeURIComponent(username)}`,
  attackGear: (username: string) => `/api/attack/gear/${encodeURIComponent(username)}`,
  attack: (username: string, enemy: string) => `/api/attack/${encodeURIComponent(username)}/${encodeURIComponent(enemy)}`,
  /** What an attack on `enemy` would likely do (issue 36): the battle's own formula over the luck range. */
  attackPreview: (username: string, enemy: string) => `/api/attack/preview/${encodeURIComponent(username)}/${encodeURIComponent(enemy)}`,
  /** The practice camp (not in the spec: issue 35), under its own prefix: `/api/attack/{user}/{enemy}` takes any Hive name. */
  practiceCamp: (username: string) => `/api/practice-camp/${encodeURIComponent(username)}`,
  practiceCampRaid: (username: string) => `/api/practice-camp/${encodeURIComponent(username)}/raid`,
  gearsEquipped: (username: string) => `/api/gears/equipped/${encodeURIComponent(username)}`,
  gearsAvailable: (username: string, category?: string, type?: string) =>
    `/api/gears/available/${encodeURIComponent(username)}${query({ category, type })}`,
  gearsEquip: '/api/gears/equip',
  gearsUnequip: '/api/gears/unequip',
  blacksmithGears: (username: string) => `/api/blacksmith/user-gears/${encodeURIComponent(username)}`,
  upgradePreview: (username: string) => `/api/blacksmith/upgrade-preview/${encodeURIComponent(username)}`,
  upgrade: (username: string) => `/api/blacksmith/upgrade/${encodeURIComponent(username)}`,
  upgradeHistory: (username: string, offset = 0) => `/api/blacksmith/upgrade-history/${encodeURIComponent(username)}?offset=${offset}`,
  packInfo: (username: string) => `/api/packs/info/${encodeURIComponent(username)}`,
  packPurchaseRunik: '/api/packs/purchase/runik',
  packPurchaseHive: '/api/packs/purchase/hive',
  packPendingStatus: (username: string) => `/api/packs/purchase/status/pending/${encodeURIComponent(username)}`,
  packPurchaseStatus: (id: number) => `/api/packs/purchase/status/${id}`,
  packOpen: (id: number) => `/api/packs/open/${id}`,
  tradeUserData: (username: string) => `/api/p2p/user-data/${encodeURIComponent(username)}`,
  marketplaceListings: (filters: {
    category?: string;
    type?: string;
    rarity?: string;
    sortBy?: string;
    excludeUser?: string;
    page?: number;
  }) => `/api/p2p/marketplace${query({ ...filters, page: filters.page === undefined ? undefined : String(filters.page) })}`,
  myListings: (username: string) => `/api/p2p/my-listings/${encodeURIComponent(username)}`,
  tradeAvailableGears: (username: string) => `/api/p2p/available-gears/${encodeURIComponent(username)}`,
  listGear: '/api/p2p/list',
  unlistGear: '/api/p2p/unlist',
  buyGear: '/api/p2p/buy',
  shopItems: (username: string) => `/api/syncshop/items/${encodeURIComponent(username)}`,
  shopPendingPurchases: (username: string) => `/api/syncshop/purchases/${encodeURIComponent(username)}?status=pending`,
  shopPurchaseCreate: '/api/syncshop/purchase/create',
  shopPurchaseStatus: (id: number) => `/api/syncshop/purchase/status/${id}`,
  citadelUser: (username: string) => `/api/citadel/user/${encodeURIComponent(username)}`,
  citadelFloor: (floor: number) => `/api/citadel/floor/${floor}`,
  citadelRewards: (username: string, limit = 20) => `/api/citadel/rewards/${encodeURIComponent(username)}?limit=${limit}`,
  citadelAttack: '/api/citadel/attack',
  leaderboard: (filters: { filter: string; t?: number; seasonId?: number; page?: number; hiveUsername?: string }) =>
    `/api/leaderboard/leaderboard${query({
      filter: filters.filter,
      t: filters.t === undefined ? undefined : String(filters.t),
      seasonId: filters.seasonId === undefined ? undefined : String(filters.seasonId),
      page: filters.page === undefined ? undefined : String(filters.page),
      hiveUsername: filters.hiveUsername,
    })}`,
  seasons: '/api/leaderboard/seasons',
  throneStatus: '/api/throne/status',
  notifications: (username: string, options: { cursor?: string; limit?: number; kind?: readonly string[] } = {}) =>
    `/api/notifications/${encodeURIComponent(username)}${query({
      cursor: options.cursor,
      limit: options.limit === undefined ? undefined : String(options.limit),
      kind: options.kind?.length ? options.kind.join(',') : undefined,
    })}`,
  notificationsRead: (username: string) => `/api/notifications/${encodeURIComponent(username)}/read`,
  firstSteps: (username: string) => `/api/first-steps/${encodeURIComponent(username)}`,
  firstStepsSeenAlliances: (username: string) => `/api/first-steps/${encodeURIComponent(username)}/seen-alliances`,
  firstStepsSkip: (username: string) => `/api/first-steps/${encodeURIComponent(username)}/skip`,
  throneTroops: (username: string) => `/api/throne/troops/${encodeURIComponent(username)}`,
  throneUser: (username: string) => `/api/throne/users/${encodeURIComponent(username)}`,
  throneNextVoting: '/api/throne/next-voting',
  throneRallyDetails: (attackId: number) => `/api/throne/rally/${attackId}/details`,
  throneGarrisonDetails: '/api/throne/garrison/details',
  throneRallyWithdraw: '/api/throne/attack/rally/withdraw',
  throneRallyDisband: '/api/throne/attack/rally/disband',
  throneGarrison: '/api/throne/garrison',
  throneSoloAttack: '/api/throne/attack/solo',
  throneRallyCreate: '/api/throne/attack/rally/create',
  throneRallyJoin: '/api/throne/attack/rally/join',
  throneRecall: '/api/throne/troops/recall',
  throneVote: '/api/throne/vote',
  /** Daily quests and the quest chain (issue 36), and claiming one's reward. */
  quests: (username: string) => `/api/quests/${encodeURIComponent(username)}`,
  questClaim: (username: string) => `/api/quests/${encodeURIComponent(username)}/claim`,
  battleReport: (kind: string, id: number) => `/api/battle-reports/${encodeURIComponent(kind)}/${id}`,
  /** Provably fair rolls (issue 51): the player's seed pairs and revealed rolls, and rotating the pair. */
  fairness: (username: string) => `/api/fairness/${encodeURIComponent(username)}`,
  fairnessRotate: (username: string) => `/api/fairness/${encodeURIComponent(username)}/rotate`,
} as const;

/** A query string of the given parameters that are set. */
function query(parameters: Record<string, string | undefined>): string {
  const set = Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return set.length ? `?${new URLSearchParams(set).toString()}` : '';
}

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
  inbox: '/inbox',
  /** A battle's report, shareable within the fighters' alliances (build with generatePath). */
  battleReport: '/battles/:kind/:id',
  /** The art's credits (CC BY 3.0), open to visitors and players alike. */
  credits: '/credits',
  /** The player's revealed rolls recomputed in the browser, and their seed pair (issue 51). */
  verify: '/verify',
} as const;
