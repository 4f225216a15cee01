import { Outlet } from 'react-router-dom';
import { Navbar } from '../features/navbar/Navbar';
import { useLogout } from './use-logout';
import { useSession } from './use-session';
import './app-shell.css';

/** The navigation bar above whichever screen the route shows. */
export function AppShell() {
  const session = useSession();
  const logout = useLogout();
  return (
    <div className="app-shell">
      <Navbar hiveUsername={session?.hiveUsername ?? null} onLogout={logout} />
      <main className="app-shell__main">
        <Outlet />
      </main>
    </div>
  );
}
