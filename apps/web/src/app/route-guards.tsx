import { Navigate, Outlet } from 'react-router-dom';
import { AppRoutes } from '@runik/contract';
import { useSession } from '../shared/use-session';

/** Game screens need a logged-in player; anyone else goes to the login screen. */
export function RequireSession() {
  return useSession() ? <Outlet /> : <Navigate to={AppRoutes.authentication} replace />;
}

/** The login screen is pointless once logged in: go to the city. */
export function RedirectIfLoggedIn() {
  return useSession() ? <Navigate to={AppRoutes.city} replace /> : <Outlet />;
}
