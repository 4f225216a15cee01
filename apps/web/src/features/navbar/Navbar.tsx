import { useState, type ReactNode } from 'react';
import { AccountMenu } from './AccountMenu';
import { NavbarLogo } from './NavbarLogo';
import { NavLinks } from './NavLinks';
import { ReferredPlayersModal } from './ReferredPlayersModal';
import './navbar.css';

interface NavbarProps {
  /** The logged-in player, or null for a visitor. */
  hiveUsername: string | null;
  onLogout: () => void;
  /** A logged-in player's buttons before the account menu (the alliance chat's, the inbox bell): the shell puts them in. */
  playerButtons?: ReactNode;
}

const MOBILE_MENU_ID = 'navbar-mobile-menu';

/** The header of every page (spec section 2, "Navigation bar"). */
export function Navbar({ hiveUsername, onLogout, playerButtons }: NavbarProps) {
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [referredPlayersOpen, setReferredPlayersOpen] = useState(false);
  const isLoggedIn = hiveUsername !== null;

  return (
    <header className={mobileMenuOpen ? 'navbar navbar--menu-open' : 'navbar'}>
      <div className="navbar__bar">
        <NavbarLogo />
        {isLoggedIn && <NavLinks label="Main navigation" className="navbar__links" />}
        <div className="navbar__actions">
          {playerButtons}
          <AccountMenu hiveUsername={hiveUsername} onShowReferredPlayers={() => setReferredPlayersOpen(true)} onLogout={onLogout} />
          {/* The mobile menu holds the game links, which only players see. */}
          {isLoggedIn && (
            <button
              type="button"
              className="navbar__hamburger"
              aria-label="Toggle menu"
              aria-expanded={mobileMenuOpen}
              aria-controls={MOBILE_MENU_ID}
              onClick={() => setMobileMenuOpen((wasOpen) => !wasOpen)}
            >
              <span className="navbar__hamburger-bar" />
              <span className="navbar__hamburger-bar" />
              <span className="navbar__hamburger-bar" />
            </button>
          )}
        </div>
      </div>
      {isLoggedIn && mobileMenuOpen && (
        <NavLinks
          id={MOBILE_MENU_ID}
          label="Mobile navigation"
          className="navbar__mobile-menu"
          onNavigate={() => setMobileMenuOpen(false)}
        />
      )}
      {isLoggedIn && referredPlayersOpen && (
        <ReferredPlayersModal hiveUsername={hiveUsername} onClose={() => setReferredPlayersOpen(false)} />
      )}
    </header>
  );
}
