import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiRoutes, AppRoutes, type NotificationDto, type NotificationsResponse } from '@runik/contract';
import { formatResource, gameDayKey, MILITARY_BUILDING_KEYS, RESOURCE_KEYS } from '@runik/rules';
import { httpClient, responseData } from '../../api/http-client';
import { useCityConstants } from '../../features/city/city-api';
import { militaryInfo } from '../../features/city/city-catalog';
import { pendingAt, type CityState } from '../../features/city/city-state';
import { describeNotification } from '../../features/notifications/notification-wording';
import { notificationKeys } from '../../features/notifications/notifications-api';
import { formatDateTime, resourceLabel } from '../../shared/format';
import { Card } from '../../ui/Card';
import { useAbsence, type TrainingSeen } from './last-visit';
import { AwayTexts as Texts } from './whats-next-messages';
import { CityAnchors } from './city-anchors';

/** The notifications the summary lists: raids on the city and mentions in the alliance chat. */
const SUMMARY_KINDS = ['attacked', 'alliance-mention'] as const;
/** One page of them: more than that and the inbox has the rest. */
const SUMMARY_LIMIT = 50;

function trainingOf(city: CityState): TrainingSeen[] {
  return MILITARY_BUILDING_KEYS.flatMap((building) => {
    const entry = city.trainingQueue[building];
    return entry ? [{ building, count: entry.count, completionAt: entry.completionAt }] : [];
  });
}

/** The raids and mentions stored since `since` (the player's notifications, newest first). */
function useNotificationsSince(username: string, since: number | null) {
  return useQuery({
    // Under the player's notifications: a pushed one reads it again.
    queryKey: [...notificationKeys.all(username), 'since', since],
    queryFn: async () => {
      const after = since ?? 0;
      const page = await responseData(
        httpClient.get<NotificationsResponse>(ApiRoutes.notifications(username, { limit: SUMMARY_LIMIT, kind: SUMMARY_KINDS })),
      );
      const recent = page.notifications.filter((notification) => Date.parse(notification.createdAt) > after);
      return { recent, more: recent.length === page.notifications.length && page.nextCursor !== null };
    },
    enabled: since !== null,
  });
}

/**
 * "While you were away" (issue 45, item 5): after an absence of AWAY_MIN_MS or more from the City (this browser's
 * last look, in localStorage), what happened meanwhile, from what the game stores: the raids on the city and their
 * results and the alliance chat's mentions (the notifications), the training that finished (the queue seen last
 * time), the resources waiting (the city now), the daily quests' reset (a game day turned).
 */
export function AwaySummary({ username, city }: { username: string; city: CityState }) {
  const { absence, dismiss } = useAbsence(username, () => trainingOf(city));
  const notifications = useNotificationsSince(username, absence?.since ?? null);
  const constants = useCityConstants().data;
  if (!absence || (notifications.isPending && notifications.fetchStatus !== 'idle')) return null;

  const now = Date.now();
  const recent = notifications.data?.recent ?? [];
  const attacks = recent.filter((notification) => notification.kind === 'attacked');
  const mentions = recent.filter((notification) => notification.kind === 'alliance-mention');
  const pending = pendingAt(city, now);
  const harvestable = city.nextHarvestAt === null || city.nextHarvestAt <= now;
  const waiting = RESOURCE_KEYS.filter((key) => pending[key] > 0)
    .map((key) => `${formatResource(pending[key])} ${resourceLabel(key)}`)
    .join(', ');
  const questsReset = gameDayKey(absence.since) !== gameDayKey(now);
  const nothing = attacks.length === 0 && mentions.length === 0 && absence.trainingFinished.length === 0 && !waiting && !questsReset;

  return (
    <Card
      title={Texts.title}
      titleId="away-summary-title"
      className="away-summary"
      testId="away-summary"
      actions={
        <button type="button" className="button button--ghost" onClick={dismiss}>
          {Texts.dismiss}
        </button>
      }
    >
      <p className="city-muted">{Texts.since(formatDateTime(new Date(absence.since).toISOString()))}</p>
      {nothing && <p data-testid="away-nothing">{Texts.nothing}</p>}
      {attacks.length > 0 && <NotificationList title={Texts.attacks} testId="away-attacks" notifications={attacks} />}
      <ul className="away-summary__list">
        {constants &&
          absence.trainingFinished.map((entry) => (
            <li key={entry.building} data-testid={`away-training-${entry.building}`}>
              {Texts.trainingFinished(entry.count, militaryInfo(constants, entry.building).unit)}
            </li>
          ))}
        {waiting && (
          <li data-testid="away-resources">
            {Texts.resourcesWaiting(waiting)}
            {harvestable && (
              <>
                {' '}
                <a href={`#${CityAnchors.resources}`}>{Texts.harvestLink}</a>
              </>
            )}
          </li>
        )}
        {questsReset && (
          <li data-testid="away-quests">
            {Texts.questsReset} <a href={`#${CityAnchors.quests}`}>{Texts.questsLink}</a>
          </li>
        )}
      </ul>
      {mentions.length > 0 && <NotificationList title={Texts.mentions} testId="away-mentions" notifications={mentions} />}
      {notifications.data?.more && (
        <p>
          <Link to={AppRoutes.inbox}>{Texts.moreInInbox}</Link>
        </p>
      )}
    </Card>
  );
}

function NotificationList({ title, testId, notifications }: { title: string; testId: string; notifications: NotificationDto[] }) {
  return (
    <div data-testid={testId}>
      <h3 className="card__subtitle">{title}</h3>
      <ul className="away-summary__list">
        {notifications.map((notification) => {
          const { text, link } = describeNotification(notification);
          return (
            <li key={notification.id} data-testid="away-notification">
              {text}
              {link && (
                <>
                  {' '}
                  <Link to={link.to}>{link.label}</Link>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
