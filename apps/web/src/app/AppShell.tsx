import { Outlet } from 'react-router-dom';
import { LiveConnection } from '../features/notifications/LiveConnection';
import { Navbar } from '../features/navbar/Navbar';
import { ToastStack } from '../ui/Toasts';
import { useLogout } from './use-logout';
import { useSession } from './use-session';
import './app-shell.css';

/** The navigation bar above whichever screen the route shows; a logged-in player's live connection and its toasts around both. */
export function AppShell() {
  const session = useSession();
  const logout = useLogout();
  const hiveUsername = session?.hiveUsername ?? null;
  return (
    <ToastStack>
      <LiveConnection hiveUsername={hiveUsername}>
        <div className="app-shell">
          <Navbar hiveUsername={hiveUsername} onLogout={logout} />
          <main className="app-shell__main">
            <Outlet />
          </main>
        </div>
      </LiveConnection>
    </ToastStack>
  );
}
