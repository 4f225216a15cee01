import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { FirstStepsGuide } from '../features/first-steps/FirstStepsGuide';
import { LiveConnection } from '../features/notifications/LiveConnection';
import { Navbar } from '../features/navbar/Navbar';
import { ConfirmProvider } from '../ui/ConfirmDialog';
import { ToastStack } from '../ui/Toasts';
import { useLogout } from './use-logout';
import { useSession } from './use-session';
import './app-shell.css';

/**
 * The navigation bar above whichever screen the route shows; a logged-in player's live connection,
 * its toasts and the game's confirmations around both.
 */
export function AppShell() {
  const session = useSession();
  const logout = useLogout();
  const hiveUsername = session?.hiveUsername ?? null;
  // Where the guide's card sits in the page, above the screen, when it may not float over it.
  const [guideSlot, setGuideSlot] = useState<HTMLElement | null>(null);
  return (
    <ToastStack>
      <ConfirmProvider>
        <LiveConnection hiveUsername={hiveUsername}>
          <div className="app-shell">
            <Navbar hiveUsername={hiveUsername} onLogout={logout} />
            <main className="app-shell__main">
              <div ref={setGuideSlot} />
              <Outlet />
            </main>
            {hiveUsername && <FirstStepsGuide key={hiveUsername} hiveUsername={hiveUsername} inlineSlot={guideSlot} />}
          </div>
        </LiveConnection>
      </ConfirmProvider>
    </ToastStack>
  );
}
