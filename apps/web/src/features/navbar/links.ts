/** External pages opened from the navigation bar, in a new tab. */
export const HOW_TO_PLAY_URL = import.meta.env.VITE_HOW_TO_PLAY_URL || 'https://runik.gitbook.io/whitepaper';
export const COMMUNITY_CHAT_URL = import.meta.env.VITE_COMMUNITY_CHAT_URL || 'https://discord.gg/runik';
