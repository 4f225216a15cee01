/** The Hive account that receives registration payments (the server checks the same account). */
export const GAME_ACCOUNT = import.meta.env.VITE_GAME_ACCOUNT || 'runik.game';
