import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NOTIFICATIONS_MAX_READ_IDS, type NotificationDto } from '@runik/contract';
import { useSession } from '../../shared/use-session';
import { Message } from '../../ui/Message';
import { StatePanel } from '../../ui/StatePanel';
import { InboxTexts } from './inbox-texts';
import { describeNotification, kindsOf, NOTIFICATION_GROUPS, type NotificationGroup } from './notification-wording';
import { useInbox, useMarkRead, useUnreadCount } from './notifications-api';
import './inbox.css';

/** The filter lives in the address (?show=battles), so Back and a shared link keep it. */
const FILTER_PARAM = 'show';

function groupIn(value: string | null): NotificationGroup | null {
  return NOTIFICATION_GROUPS.find((group) => group.key === value)?.key ?? null;
}

/** The inbox (route /inbox): the player's notifications, newest first. */
export function InboxPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="inbox" aria-labelledby="inbox-title">
      <h1 id="inbox-title" className="inbox__title">
        {InboxTexts.title}
      </h1>
      {username ? <Inbox username={username} /> : <StatePanel>{InboxTexts.logIn}</StatePanel>}
    </section>
  );
}

function Inbox({ username }: { username: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const group = groupIn(searchParams.get(FILTER_PARAM));
  const unread = useUnreadCount(username).data;
  const markRead = useMarkRead(username);
  const filterId = useId();

  const chooseGroup = (value: string) => {
    const chosen = groupIn(value);
    setSearchParams(chosen ? { [FILTER_PARAM]: chosen } : {}, { replace: true });
  };

  return (
    <>
      <div className="inbox__toolbar">
        <div className="inbox__filter">
          <label htmlFor={filterId} className="field__label">
            {InboxTexts.filter}
          </label>
          <select id={filterId} className="field__input" value={group ?? ''} onChange={(event) => chooseGroup(event.target.value)}>
            <option value="">{InboxTexts.everything}</option>
            {NOTIFICATION_GROUPS.map(({ key, label }) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {unread !== undefined && (
          <span className="inbox__unread" data-testid="inbox-unread">
            {InboxTexts.unread(unread)}
          </span>
        )}
        <button type="button" className="button" disabled={!unread || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
          {InboxTexts.markAllRead}
        </button>
      </div>
      {markRead.isError && <Message tone="error">{InboxTexts.markReadFailed}</Message>}
      <NotificationList username={username} group={group} onRead={(ids) => markRead.mutate({ ids })} />
    </>
  );
}

interface NotificationListProps {
  username: string;
  group: NotificationGroup | null;
  onRead: (ids: number[]) => void;
}

/**
 * Opening the inbox reads what it shows: the unread notifications on screen (the first page, a page
 * loaded more, one pushed meanwhile) are marked read once each; they keep their "New" for this visit.
 */
function useReadWhenShown(notifications: readonly NotificationDto[], onRead: (ids: number[]) => void): ReadonlySet<number> {
  const shownUnread = useRef(new Set<number>());
  const unreadIds = notifications.filter((notification) => notification.readAt === null).map((notification) => notification.id);
  const fresh = unreadIds.filter((id) => !shownUnread.current.has(id));
  const freshKey = fresh.join(',');
  const read = useEffectEvent(onRead);
  useEffect(() => {
    if (freshKey === '') return;
    const ids = freshKey.split(',').map(Number);
    for (const id of ids) shownUnread.current.add(id);
    for (let start = 0; start < ids.length; start += NOTIFICATIONS_MAX_READ_IDS) read(ids.slice(start, start + NOTIFICATIONS_MAX_READ_IDS));
  }, [freshKey]);
  return shownUnread.current;
}

function NotificationList({ username, group, onRead }: NotificationListProps) {
  const inbox = useInbox(username, group ? kindsOf(group) : []);
  const notifications = inbox.data?.pages.flatMap((page) => page.notifications) ?? [];
  const newThisVisit = useReadWhenShown(notifications, onRead);

  if (!inbox.data) {
    return inbox.isError ? (
      <StatePanel error onRetry={() => void inbox.refetch()}>
        {InboxTexts.failed}
      </StatePanel>
    ) : (
      <StatePanel>{InboxTexts.loading}</StatePanel>
    );
  }
  if (notifications.length === 0) return <StatePanel>{group ? InboxTexts.emptyGroup : InboxTexts.empty}</StatePanel>;

  return (
    <>
      <ol className="inbox__list" aria-label="Notifications">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            isNew={notification.readAt === null || newThisVisit.has(notification.id)}
            onRead={() => onRead([notification.id])}
          />
        ))}
      </ol>
      {inbox.isFetchNextPageError && <Message tone="error">{InboxTexts.loadMoreFailed}</Message>}
      {inbox.hasNextPage && (
        <button
          type="button"
          className="button inbox__more"
          disabled={inbox.isFetchingNextPage}
          aria-busy={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          {InboxTexts.loadMore}
        </button>
      )}
    </>
  );
}

interface NotificationItemProps {
  notification: NotificationDto;
  /** Unread, or unread when this visit showed it. */
  isNew: boolean;
  onRead: () => void;
}

/** One notification; opening its link marks it read, as does its Mark read button (left while marking it failed). */
function NotificationItem({ notification, isNew, onRead }: NotificationItemProps) {
  const { text, link } = describeNotification(notification);
  const textId = useId();
  const unread = notification.readAt === null;
  const markRead = () => {
    if (unread) onRead();
  };

  return (
    <li className={`inbox-item${isNew ? ' inbox-item--unread' : ''}`} data-testid="notification" data-kind={notification.kind}>
      <p id={textId} className="inbox-item__text">
        {isNew && <span className="inbox-item__new">{InboxTexts.new}</span>}
        {text}
      </p>
      <div className="inbox-item__meta">
        <time dateTime={notification.createdAt}>{new Date(notification.createdAt).toLocaleString()}</time>
        {link && (
          <Link className="inbox-item__link" to={link.to} onClick={markRead}>
            {link.label}
          </Link>
        )}
        {unread && (
          <button type="button" className="inbox-item__read" aria-describedby={textId} onClick={markRead}>
            {InboxTexts.markRead}
          </button>
        )}
      </div>
    </li>
  );
}
