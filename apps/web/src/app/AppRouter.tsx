import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppRoutes } from '@runik/contract';
import { AlliancePage } from '../features/alliance/AlliancePage';
import { AttackPage } from '../features/attack/AttackPage';
import { AuthenticationPage } from '../features/authentication/AuthenticationPage';
import { BlacksmithPage } from '../features/blacksmith/BlacksmithPage';
import { CitadelPage } from '../features/citadel/CitadelPage';
import { CityPage } from '../features/city/CityPage';
import { GearsPage } from '../features/gears/GearsPage';
import { LeaderboardPage } from '../features/leaderboard/LeaderboardPage';
import { MarketplacePage } from '../features/marketplace/MarketplacePage';
import { P2pPage } from '../features/p2p/P2pPage';
import { PacksPage } from '../features/packs/PacksPage';
import { PlaceholderPage } from '../features/placeholder/PlaceholderPage';
import { ShopPage } from '../features/syncshop/ShopPage';
import { TerritoriesPage } from '../features/territories/TerritoriesPage';
import { AppShell } from './AppShell';
import { RedirectIfLoggedIn, RequireSession } from './route-guards';
import { GAME_SCREENS } from './screens';

/** Screens built so far; every other game screen is still a placeholder. */
const SCREEN_PAGES: Partial<Record<string, ReactElement>> = {
  [AppRoutes.city]: <CityPage />,
  [AppRoutes.alliance]: <AlliancePage />,
  [AppRoutes.attack]: <AttackPage />,
  [AppRoutes.gears]: <GearsPage />,
  [AppRoutes.blacksmith]: <BlacksmithPage />,
  [AppRoutes.packs]: <PacksPage />,
  [AppRoutes.marketplace]: <MarketplacePage />,
  [AppRoutes.p2p]: <P2pPage />,
  [AppRoutes.syncshop]: <ShopPage />,
  [AppRoutes.abyssalcitadel]: <CitadelPage />,
  [AppRoutes.territories]: <TerritoriesPage />,
  [AppRoutes.leaderboard]: <LeaderboardPage />,
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
          {GAME_SCREENS.map(({ path, title }) => (
            <Route key={path} path={path} element={SCREEN_PAGES[path] ?? <PlaceholderPage title={title} />} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={AppRoutes.authentication} replace />} />
    </Routes>
  );
}
