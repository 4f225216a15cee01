import { AppRoutes } from '@runik/contract';

/** Every route but the login and the credits (open to all): each is a game screen with its own page. */
export type GameScreenPath = Exclude<
  (typeof AppRoutes)[keyof typeof AppRoutes],
  typeof AppRoutes.authentication | typeof AppRoutes.credits
>;

export interface GameScreen {
  path: GameScreenPath;
  title: string;
  /** Listed in the navigation bar (spec section 2, "Navigation bar"). */
  inNavbar: boolean;
}

/** Every screen behind the login, in navigation-bar order first. */
export const GAME_SCREENS: readonly GameScreen[] = [
  { path: AppRoutes.city, title: 'City', inNavbar: true },
  { path: AppRoutes.attack, title: 'Attack', inNavbar: true },
  { path: AppRoutes.alliance, title: 'Alliance', inNavbar: true },
  { path: AppRoutes.gears, title: 'Gears', inNavbar: true },
  { path: AppRoutes.marketplace, title: 'Marketplace', inNavbar: true },
  { path: AppRoutes.leaderboard, title: 'Leaderboard', inNavbar: true },
  { path: AppRoutes.territories, title: 'Territories', inNavbar: true },
  { path: AppRoutes.blacksmith, title: 'Blacksmith', inNavbar: true },
  { path: AppRoutes.packs, title: 'Packs', inNavbar: false },
  { path: AppRoutes.syncshop, title: 'Sync Shop', inNavbar: false },
  { path: AppRoutes.p2p, title: 'P2P Market', inNavbar: false },
  { path: AppRoutes.abyssalcitadel, title: 'Abyssal Citadel', inNavbar: false },
  { path: AppRoutes.thronewars, title: 'Throne Wars', inNavbar: false },
  { path: AppRoutes.inbox, title: 'Inbox', inNavbar: false },
  { path: AppRoutes.battleReport, title: 'Battle Report', inNavbar: false },
  { path: AppRoutes.verify, title: 'Verify', inNavbar: false },
];

export const NAVBAR_SCREENS = GAME_SCREENS.filter((screen) => screen.inNavbar);
