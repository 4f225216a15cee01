import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AppRoutes } from '@runik/contract';
import { COMMUNITY_CHAT_URL, HOW_TO_PLAY_URL } from './links';
import { useShowToast } from '../../ui/Toasts';
import { useDismiss } from '../../ui/use-dismiss';
import { copyReferralLink } from './referral-link';
import { useBackgroundNotifications, type NotifyState } from '../../shared/background-notify';
import { useSoundSetting } from '../../shared/sound';

/** What the player is told once "Notify me" (or its undoing) has been answered. */
const NOTIFY_TOASTS: Record<NotifyState, string> = {
  on: 'Runik will notify you while it is in the background.',
  off: 'Runik will not notify you in the background.',
  blocked: 'Notifications are blocked for Runik in this browser’s settings.',
  unsupported: 'This browser cannot show notifications.',
};

interface AccountMenuProps {
  hiveUsername: string | null;
  onShowReferredPlayers: () => void;
  onLogout: () => void;
}

/** "Game Links" for visitors, the username for players: a button opening the dropdown. */
export function AccountMenu({ hiveUsername, onShowReferredPlayers, onLogout }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const dropdownId = useId();
  const close = () => setOpen(false);
  const showToast = useShowToast();
  const notifications = useBackgroundNotifications();
  const sound = useSoundSetting();
  useDismiss({ active: open, onDismiss: close, containerRef });

  // Every item closes the dropdown before acting.
  const closeThen = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <div className="account-menu" ref={containerRef}>
      <button
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={dropdownId}
        data-testid="account-menu-button"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span className="account-menu__name">{hiveUsername ?? 'Game Links'}</span>
        <span className="account-menu__caret" aria-hidden="true" />
      </button>
      {open && (
        <ul id={dropdownId} className="account-menu__dropdown" data-testid="account-dropdown">
          <li>
            <a className="account-menu__item" href={HOW_TO_PLAY_URL} target="_blank" rel="noopener noreferrer" onClick={close}>
              How to Play
            </a>
          </li>
          <li>
            <Link className="account-menu__item" to={AppRoutes.credits} onClick={close}>
              Credits
            </Link>
          </li>
          {hiveUsername && (
            <>
              <li>
                <button
                  type="button"
                  className="account-menu__item"
                  onClick={closeThen(() => void copyReferralLink(hiveUsername, showToast))}
                >
                  Referral Link
                </button>
              </li>
              <li>
                <button type="button" className="account-menu__item" onClick={closeThen(onShowReferredPlayers)}>
                  Referred Players
                </button>
              </li>
              <li>
                <Link className="account-menu__item" to={AppRoutes.verify} onClick={close} data-testid="verify-link">
                  Verify Rolls
                </Link>
              </li>
              <li>
                <a className="account-menu__item" href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer" onClick={close}>
                  Community Chat
                </a>
              </li>
              {notifications.state !== 'unsupported' && (
                <li>
                  {/* The only place the browser's permission is asked: on this press, never on load. */}
                  <button
                    type="button"
                    className="account-menu__item"
                    data-testid="notify-me"
                    onClick={closeThen(() => {
                      if (notifications.state === 'on') {
                        notifications.disable();
                        showToast(NOTIFY_TOASTS.off);
                      } else void notifications.enable().then((state) => showToast(NOTIFY_TOASTS[state]));
                    })}
                  >
                    {notifications.state === 'on' ? 'Stop notifications' : 'Notify me'}
                  </button>
                </li>
              )}
              <li>
                {/* Off on a first visit; this press is the gesture the browser asks before a sound. */}
                <button
                  type="button"
                  className="account-menu__item"
                  data-testid="sound-toggle"
                  aria-pressed={sound.on}
                  onClick={closeThen(sound.toggle)}
                >
                  Sound effects
                  <span className="account-menu__state" aria-hidden="true">
                    {sound.on ? ' (on)' : ' (off)'}
                  </span>
                </button>
              </li>
              <li>
                <button type="button" className="account-menu__item account-menu__item--logout" onClick={closeThen(onLogout)}>
                  Logout
                </button>
              </li>
            </>
          )}
        </ul>
      )}
    </div>
  );
}
