import { Link } from 'react-router-dom';
import { AppRoutes } from '@runik/contract';

/** The game's mark; it leads to the city. */
export function NavbarLogo() {
  return (
    <Link to={AppRoutes.city} className="navbar__logo" aria-label="Runik: go to your city">
      <svg className="navbar__emblem" viewBox="0 0 64 64" aria-hidden="true">
        <path d="M32 3 58 18v28L32 61 6 46V18z" fill="#2a211a" stroke="currentColor" strokeWidth="4" />
        <path
          d="M24 16v32M24 18l14 10-14 8 16 12"
          fill="none"
          stroke="#f0c96b"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="navbar__wordmark">Runik</span>
    </Link>
  );
}
