import { Suspense, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AppRoutes } from '@runik/contract';
import { readCityAhead } from '../features/city/city-api';
import { readQuestsAhead } from '../features/city/quests/quests-api';
import { useSession } from '../shared/use-session';
import { StatePanel } from '../ui/StatePanel';
import { HIVESIGNER_CALLBACK_PATH } from '../features/authentication/hivesigner/hivesigner-login';
import { AppShell, loadCityTopPanel } from './AppShell';
import { lazyPage, type LazyPage } from './lazy-page';
import { RedirectIfLoggedIn, RequireSession } from './route-guards';
import { GAME_SCREENS, type GameScreenPath } from '../shared/screens';

const AuthenticationPage = lazyPage(() => import('../features/authentication/AuthenticationPage'), 'AuthenticationPage');
const HiveSignerCallbackPage = lazyPage(
  () => import('../features/authentication/hivesigner/HiveSignerCallbackPage'),
  'HiveSignerCallbackPage',
);
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
  [AppRoutes.verify]: lazyPage(() => import('../features/fairness/VerifyPage'), 'VerifyPage'),
};

/** Loads every page: the unit tests render the app's routes without waiting for a chunk. */
export async function preloadPages(): Promise<void> {
  await Promise.all([AuthenticationPage, CreditsPage, ...Object.values(SCREEN_PAGES)].map((page) => page.preload()));
}

/**
 * What a screen shows first, read while its chunk loads (issue 50: the City read nothing until its chunk had come,
 * and was usable after 2 to 3 s cold). Its queries, mounting later, show these reads (shared/read-ahead.ts).
 */
const READ_AHEAD: Partial<Record<GameScreenPath, (queryClient: QueryClient, username: string) => void>> = {
  [AppRoutes.city]: (queryClient, username) => {
    // The panel the shell puts at the City's top: its chunk fetched beside the City's, not once the City shows.
    void loadCityTopPanel();
    readCityAhead(queryClient, username);
    readQuestsAhead(queryClient, username);
  },
};

/** A game screen: its reads started, then its page. */
function GameScreen({ path }: { path: GameScreenPath }) {
  const username = useSession()?.hiveUsername ?? null;
  const queryClient = useQueryClient();
  // In the first render, before the page's queries mount: the first of them then takes this read as its own.
  useState(() => {
    if (username) READ_AHEAD[path]?.(queryClient, username);
    return null;
  });
  return screen(SCREEN_PAGES[path]);
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
          <Route path={HIVESIGNER_CALLBACK_PATH} element={screen(HiveSignerCallbackPage)} />
        </Route>
        <Route path={AppRoutes.credits} element={screen(CreditsPage)} />
        <Route element={<RequireSession />}>
          {GAME_SCREENS.map(({ path }) => (
            <Route key={path} path={path} element={<GameScreen path={path} />} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={AppRoutes.authentication} replace />} />
    </Routes>
  );
}
