import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppRoutes } from '@runik/contract';
import { StatePanel } from '../ui/StatePanel';
import { AppShell } from './AppShell';
import { lazyPage, type LazyPage } from './lazy-page';
import { RedirectIfLoggedIn, RequireSession } from './route-guards';
import { GAME_SCREENS, type GameScreenPath } from '../shared/screens';

const AuthenticationPage = lazyPage(() => import('../features/authentication/AuthenticationPage'), 'AuthenticationPage');
const CreditsPage = lazyPage(() => import('../features/credits/CreditsPage'), 'CreditsPage');

/** The page of every game screen behind the login. */
const SCREEN_PAGES: Record<GameScreenPath, LazyPage> = {
  [AppRoutes.city]: lazyPage(() => import('../features/city/CityPage'), 'CityPage'),
  [AppRoutes.alliance]: lazyPage(() => import('../features/alliance/AlliancePage'), 'AlliancePage'),
  [AppRoutes.attack]: lazyPage(() => import('../features/attack/AttackPage'), 'AttackPage'),
  [AppRoutes.gears]: lazyPage(() => import('../features/gears/GearsPage'), 'GearsPage'),
  [AppRoutes.blacksmith]: lazyPage(() => import('../features/blacksmith/BlacksmithPage'), 'BlacksmithPage'),
  [AppRoutes.packs]: lazyPage(() => import('../features/packs/PacksPage'), 'PacksPage'),
  [AppRoutes.marketplace]: lazyPage(() => import('../features/marketplace/MarketplacePage'), 'MarketplacePage'),
  [AppRoutes.p2p]: lazyPage(() => import('../features/trading/TradingPage'), 'TradingPage'),
  [AppRoutes.syncshop]: lazyPage(() => import('../features/shop/ShopPage'), 'ShopPage'),
  [AppRoutes.abyssalcitadel]: lazyPage(() => import('../features/citadel/CitadelPage'), 'CitadelPage'),
  [AppRoutes.territories]: lazyPage(() => import('../features/territories/TerritoriesPage'), 'TerritoriesPage'),
  [AppRoutes.leaderboard]: lazyPage(() => import('../features/leaderboard/LeaderboardPage'), 'LeaderboardPage'),
  [AppRoutes.thronewars]: lazyPage(() => import('../features/throne/ThroneWarsPage'), 'ThroneWarsPage'),
  [AppRoutes.inbox]: lazyPage(() => import('../features/notifications/InboxPage'), 'InboxPage'),
  [AppRoutes.battleReport]: lazyPage(() => import('../features/battle-reports/BattleReportPage'), 'BattleReportPage'),
};

/** Loads every page: the unit tests render the app's routes without waiting for a chunk. */
export async function preloadPages(): Promise<void> {
  await Promise.all([AuthenticationPage, CreditsPage, ...Object.values(SCREEN_PAGES)].map((page) => page.preload()));
}

/** A page, with a loading state while its chunk arrives (the navigation bar stays in place). */
function screen({ Page }: LazyPage) {
  return (
    <Suspense fallback={<StatePanel>Loading...</StatePanel>}>
      <Page />
    </Suspense>
  );
}

/** The spec's route table (section 2). The router itself is provided by the caller. */
export function AppRouter() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route element={<RedirectIfLoggedIn />}>
          <Route path={AppRoutes.authentication} element={screen(AuthenticationPage)} />
        </Route>
        <Route path={AppRoutes.credits} element={screen(CreditsPage)} />
        <Route element={<RequireSession />}>
          {GAME_SCREENS.map(({ path }) => (
            <Route key={path} path={path} element={screen(SCREEN_PAGES[path])} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={AppRoutes.authentication} replace />} />
    </Routes>
  );
}
