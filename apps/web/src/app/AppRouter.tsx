import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppRoutes } from '@runik/contract';
import { AlliancePage } from '../features/alliance/AlliancePage';
import { AttackPage } from '../features/attack/AttackPage';
import { AuthenticationPage } from '../features/authentication/AuthenticationPage';
import { BattleReportPage } from '../features/battle-reports/BattleReportPage';
import { BlacksmithPage } from '../features/blacksmith/BlacksmithPage';
import { CitadelPage } from '../features/citadel/CitadelPage';
import { CityPage } from '../features/city/CityPage';
import { GearsPage } from '../features/gears/GearsPage';
import { LeaderboardPage } from '../features/leaderboard/LeaderboardPage';
import { MarketplacePage } from '../features/marketplace/MarketplacePage';
import { InboxPage } from '../features/notifications/InboxPage';
import { TradingPage } from '../features/trading/TradingPage';
import { PacksPage } from '../features/packs/PacksPage';
import { ShopPage } from '../features/shop/ShopPage';
import { TerritoriesPage } from '../features/territories/TerritoriesPage';
import { ThroneWarsPage } from '../features/throne/ThroneWarsPage';
import { AppShell } from './AppShell';
import { RedirectIfLoggedIn, RequireSession } from './route-guards';
import { GAME_SCREENS, type GameScreenPath } from './screens';

/** The page of every game screen behind the login. */
const SCREEN_PAGES: Record<GameScreenPath, ReactElement> = {
  [AppRoutes.city]: <CityPage />,
  [AppRoutes.alliance]: <AlliancePage />,
  [AppRoutes.attack]: <AttackPage />,
  [AppRoutes.gears]: <GearsPage />,
  [AppRoutes.blacksmith]: <BlacksmithPage />,
  [AppRoutes.packs]: <PacksPage />,
  [AppRoutes.marketplace]: <MarketplacePage />,
  [AppRoutes.p2p]: <TradingPage />,
  [AppRoutes.syncshop]: <ShopPage />,
  [AppRoutes.abyssalcitadel]: <CitadelPage />,
  [AppRoutes.territories]: <TerritoriesPage />,
  [AppRoutes.leaderboard]: <LeaderboardPage />,
  [AppRoutes.thronewars]: <ThroneWarsPage />,
  [AppRoutes.inbox]: <InboxPage />,
  [AppRoutes.battleReport]: <BattleReportPage />,
};

/** The spec's route table (section 2). The router itself is provided by the caller. */
export function AppRouter() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route element={<RedirectIfLoggedIn />}>
          <Route path={AppRoutes.authentication} element={<AuthenticationPage />} />
        </Route>
        <Route element={<RequireSession />}>
          {GAME_SCREENS.map(({ path }) => (
            <Route key={path} path={path} element={SCREEN_PAGES[path]} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={AppRoutes.authentication} replace />} />
    </Routes>
  );
}
