import { NavLink } from 'react-router-dom';
import { NAVBAR_SCREENS } from '../../shared/screens';

interface NavLinksProps {
  label: string;
  className: string;
  id?: string;
  /** Called after a link is followed (the mobile menu closes). */
  onNavigate?: () => void;
}

/** The game screens' links; the desktop bar and the mobile menu show the same list. */
export function NavLinks({ label, className, id, onNavigate }: NavLinksProps) {
  return (
    <nav aria-label={label} className={className} id={id}>
      <ul className="nav-links">
        {NAVBAR_SCREENS.map(({ path, title }) => (
          <li key={path}>
            <NavLink to={path} className="nav-links__link" onClick={onNavigate}>
              {title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
