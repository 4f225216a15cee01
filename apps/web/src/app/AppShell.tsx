import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ChatButton } from '../features/alliance-chat/ChatButton';
import { ChatPanel } from '../features/alliance-chat/ChatPanel';
import { ChatPanelContext } from '../features/alliance-chat/chat-panel-state';
import { CityBackgroundAnnouncer } from '../features/city/CityBackgroundAnnouncer';
import { FirstStepsGuide } from '../features/first-steps/FirstStepsGuide';
import { LiveConnection } from '../features/notifications/LiveConnection';
import { Navbar } from '../features/navbar/Navbar';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { ReadNotificationsLinkingTo } from '../features/notifications/notifications-api';
import { ReadLinkedNotificationsContext } from '../shared/linked-notifications';
import { CityTopPanelContext } from '../shared/city-panels';
import { ConfirmProvider } from '../ui/ConfirmDialog';
import { ToastStack } from '../ui/Toasts';
import { useLogout } from './use-logout';
import { useSession } from '../shared/use-session';
import './app-shell.css';

// Loaded with the City, not with the shell: it reads the city, attack, citadel, throne and notification features.
let cityTopPanelModule: Promise<typeof import('./whats-next/WhatsNextPanel')> | undefined;
/** The City's top panel's chunk, asked for once: by the router as the City opens (beside the City's own chunk), or here. */
export function loadCityTopPanel() {
  return (cityTopPanelModule ??= import('./whats-next/WhatsNextPanel'));
}
const LazyCityTopPanel = lazy(() => loadCityTopPanel().then((module) => ({ default: module.CityTopPanel })));

/** What the City shows at its top from other features (shared/city-panels.ts). */
function CityTopPanel(props: { username: string }) {
  return (
    <Suspense fallback={null}>
      <LazyCityTopPanel {...props} />
    </Suspense>
  );
}

/**
 * The navigation bar above whichever screen the route shows (with the chat's button and the inbox bell:
 * the shell puts the features together, none imports another); a logged-in player's live connection,
 * its toasts and the game's confirmations around both; the alliance chat's panel beside them (the
 * shell makes room for it on a desktop).
 */
export function AppShell() {
  const session = useSession();
  const logout = useLogout();
  const hiveUsername = session?.hiveUsername ?? null;
  const [chatOpen, setChatOpen] = useState(false);
  const chatPanel = useMemo(() => ({ open: chatOpen && hiveUsername !== null, setOpen: setChatOpen }), [chatOpen, hiveUsername]);
  // Where the guide's card sits in the page, above the screen, when it may not float over it.
  const [guideSlot, setGuideSlot] = useState<HTMLElement | null>(null);
  return (
    <ToastStack>
      <ConfirmProvider>
        <LiveConnection hiveUsername={hiveUsername}>
          <ReadLinkedNotificationsContext.Provider value={ReadNotificationsLinkingTo}>
            <CityTopPanelContext.Provider value={CityTopPanel}>
              <ChatPanelContext.Provider value={chatPanel}>
                <div className={chatPanel.open ? 'app-shell app-shell--chat-open' : 'app-shell'}>
                  <Navbar
                    hiveUsername={hiveUsername}
                    onLogout={logout}
                    playerButtons={
                      hiveUsername && (
                        <>
                          <ChatButton hiveUsername={hiveUsername} />
                          <NotificationBell hiveUsername={hiveUsername} />
                        </>
                      )
                    }
                  />
                  <main className="app-shell__main">
                    <div ref={setGuideSlot} />
                    <Outlet />
                  </main>
                  {hiveUsername && <FirstStepsGuide key={hiveUsername} hiveUsername={hiveUsername} inlineSlot={guideSlot} />}
                </div>
                {hiveUsername && <ChatPanel hiveUsername={hiveUsername} />}
                {hiveUsername && <CityBackgroundAnnouncer key={hiveUsername} username={hiveUsername} />}
              </ChatPanelContext.Provider>
            </CityTopPanelContext.Provider>
          </ReadLinkedNotificationsContext.Provider>
        </LiveConnection>
      </ConfirmProvider>
    </ToastStack>
  );
}
