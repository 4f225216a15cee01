import { NavLink } from 'react-router-dom';
import { AppRoutes } from '@runik/contract';
import { useUnreadCount } from './notifications-api';
import { BarIcon } from '../../ui/icons/BarIcon';
import { UnreadBadge } from '../../ui/UnreadBadge';

function bellLabel(unread: number): string {
  if (unread === 0) return 'Inbox: no unread notifications';
  return `Inbox: ${unread} unread notification${unread === 1 ? '' : 's'}`;
}

/** The inbox's entry in the bar: a bell with the number of unread notifications. */
export function NotificationBell({ hiveUsername }: { hiveUsername: string }) {
  const unread = useUnreadCount(hiveUsername).data ?? 0;
  return (
    <NavLink to={AppRoutes.inbox} className="navbar__bell" aria-label={bellLabel(unread)} data-testid="notification-bell">
      <BarIcon path="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.4 15.5a2.5 2.5 0 0 0 4.8 0" />
      <UnreadBadge count={unread} testId="unread-count" />
    </NavLink>
  );
}
