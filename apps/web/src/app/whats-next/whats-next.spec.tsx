import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, AppRoutes, type CityResponse, type NotificationDto, type ThroneWar } from '@runik/contract';
import { armyStats } from '../../features/attack/attack-fixtures';
import { progress } from '../../features/citadel/citadel-fixtures';
import { nextWar, statusResponse, war } from '../../features/throne/throne-fixtures';
import { DUE_GRACE_MS } from '../../shared/due-refresh';
import { advance, cityResponse, PLAYER, serveCity } from '../../testing/city-fixtures';
import { installFakeApi, type Responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { notificationOf, notificationsPage } from '../../testing/notification-fixtures';
import { currentLocation, renderApp } from '../../testing/render';
import { AWAY_MIN_MS, type LastVisit } from './last-visit';

/** The real clock's timer, for real pauses while the faked clock stands still. */
const realSetTimeout = globalThis.setTimeout;
const NOW = new Date('2026-05-01T12:00:00.000Z');
const at = (msFromNow: number) => new Date(NOW.getTime() + msFromNow).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const ARMY_URL = ApiRoutes.armyStats(PLAYER);
const NOTIFICATIONS_URL = ApiRoutes.notifications(PLAYER, { limit: 50, kind: ['attacked', 'alliance-mention'] });
const LAST_VISIT_KEY = `runik.last-visit.${PLAYER}`;

const served = (data: unknown): Responder => ({ status: 200, data });
const NO_VOTES: ThroneWar['votingPhase']['votes'] = { '1:00': [], '7:00': [], '13:00': [], '19:00': [] };

interface Setup {
  city?: CityResponse;
  throne?: Responder;
  lastVisit?: LastVisit;
  notifications?: NotificationDto[];
  /** The panel's lines to wait for (their reads can land after the panel has held still for a while in a loaded run). */
  lines?: string[];
}

/** The City at NOW with every source of "What's next" served; resolves once it shows. */
async function openCity({
  city = cityResponse(),
  throne = served(statusResponse(null)),
  lastVisit,
  notifications = [],
  lines = [],
}: Setup = {}) {
  const api = serveCity(installFakeApi(), city)
    .on('GET', ARMY_URL, { status: 200, data: armyStats({ attacksRemaining: 3, nextRegenInMs: MINUTE }) })
    .on('GET', ApiRoutes.quests(PLAYER), {
      status: 200,
      data: { daily: [], chain: [], dailyResetsAt: at(2 * HOUR), streak: { days: 0, bonusPercent: 0 } },
    })
    .on('GET', ApiRoutes.citadelUser(PLAYER), { status: 200, data: progress({ nextResetAt: at(6 * HOUR) }) })
    .on('GET', ApiRoutes.throneStatus, throne)
    .on('GET', ApiRoutes.throneNextVoting, { status: 200, data: nextWar({ votingStartsAt: at(3 * 24 * HOUR) }) })
    .on('GET', NOTIFICATIONS_URL, { status: 200, data: notificationsPage(notifications) });
  if (lastVisit) localStorage.setItem(LAST_VISIT_KEY, JSON.stringify(lastVisit));
  logInAs(PLAYER);
  renderApp(AppRoutes.city);
  // Every read answered and rendered: the reads chain (the city, then what its panel asks) and the screen's code loads
  // in real time (a fixed number of turns of the faked clock was too few in a full run beside the other files), so the
  // faked clock turns, with real pauses between, until the panel shows the lines asked for and has not changed for 100 ms
  // of real time.
  let shown = '';
  const missing = () => lines.some((line) => screen.queryByTestId(line) === null);
  for (let unchanged = 0, round = 0; (unchanged < 10 || missing()) && round < 1000; round += 1) {
    await advance(0);
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 10)));
    const now = screen.queryByTestId('whats-next')?.innerHTML ?? '';
    unchanged = now !== '' && now === shown ? unchanged + 1 : 0;
    shown = now;
  }
  screen.getByTestId('resources-card');
  // Says what the panel waited on when a line never came (failed once in a full run: its reads never rendered).
  const requested = api.requests.map((request) => `${request.method} ${request.url}`);
  expect(
    lines.filter((line) => screen.queryByTestId(line) === null),
    `calls: ${requested.join(', ')}`,
  ).toEqual([]);
  return api;
}

// The shell loads the panel with the City's code (React.lazy): loaded once here, it shows on the faked clock.
beforeAll(async () => {
  await import('./WhatsNextPanel');
});

/** Moves the faked clock to `msFromNow` after NOW. */
const advanceTo = (msFromNow: number) => advance(NOW.getTime() + msFromNow - Date.now());
/**
 * Lets the reads land and every part of the screen hear of them: a second of the faked clock (a part mounted after
 * the answer reads it at once, one already there hears of it a turn later).
 */
const settle = () => advance(1000);

const line = (testId: string) => within(screen.getByTestId('whats-next')).getByTestId(testId);
const linkOf = (testId: string) => within(line(testId)).getByRole('link');

describe("What's next on the City (issue 45, item 5)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('shows each timer with a link to where to act', async () => {
    await openCity({
      city: cityResponse({ nextHarvestTime: at(90 * MINUTE), trainingQueue: { quarters: { completionTime: at(2 * MINUTE), count: 4 } } }),
      throne: served(
        statusResponse(war({ votingPhase: { isOpen: true, opensAt: at(-HOUR), closesAt: at(30 * MINUTE), votes: NO_VOTES } })),
      ),
      lines: ['next-harvest', 'next-training-quarters', 'next-attack', 'next-quests', 'next-citadel', 'next-throne'],
    });
    expect(line('next-harvest')).toHaveTextContent('Harvestready in 1:30:00Harvest');
    expect(linkOf('next-harvest')).toHaveAttribute('href', '#city-resources-title');
    expect(line('next-training-quarters')).toHaveTextContent(/^Training 4 Infantrydone in 0:02:00Go to Quarters$/);
    expect(linkOf('next-training-quarters')).toHaveAttribute('href', '#city-building-quarters-title');
    expect(line('next-attack')).toHaveTextContent('Attack charges 3 of 5next in 0:01:00Attack');
    expect(linkOf('next-attack')).toHaveAttribute('href', AppRoutes.attack);
    expect(line('next-quests')).toHaveTextContent('Daily questsreset in 2:00:00Quests');
    expect(linkOf('next-quests')).toHaveAttribute('href', '#city-quests-title');
    expect(line('next-citadel')).toHaveTextContent('Citadel boss, floor 3attack count resets in 6:00:00Citadel');
    expect(linkOf('next-citadel')).toHaveAttribute('href', AppRoutes.abyssalcitadel);
    expect(line('next-throne')).toHaveTextContent('Throne Wars: voting closes in0:30:00Throne Wars');
    expect(linkOf('next-throne')).toHaveAttribute('href', AppRoutes.thronewars);
    // Every anchor is a heading of the City.
    await settle();
    const anchors = ['city-resources-title', 'city-building-quarters-title', 'city-quests-title'];
    expect(anchors.filter((id) => document.getElementById(id) === null)).toEqual([]);

    fireEvent.click(linkOf('next-attack'));
    await advance(0);
    expect(currentLocation()).toBe(AppRoutes.attack);
  });

  it('moves each line on when its time comes, reading the server again', async () => {
    const votingCloses = 10 * MINUTE + 10_000;
    const throne: Responder = () => ({
      status: 200,
      data: statusResponse(
        Date.now() < NOW.getTime() + votingCloses
          ? war({ votingPhase: { isOpen: true, opensAt: at(-HOUR), closesAt: at(votingCloses), votes: NO_VOTES } })
          : war({
              status: 'waiting',
              votingPhase: { isOpen: false, opensAt: at(-HOUR), closesAt: at(votingCloses), votes: NO_VOTES },
              battlePhase: { startTime: at(HOUR), endsAt: at(5 * HOUR) },
            }),
      ),
    });
    const api = await openCity({
      city: cityResponse({ trainingQueue: { quarters: { completionTime: at(2 * MINUTE), count: 4 } } }),
      throne,
    });

    await advance(10_000);
    expect(line('next-attack')).toHaveTextContent('next in 0:00:50');
    api.on('GET', ARMY_URL, { status: 200, data: armyStats({ attacksRemaining: 4, nextRegenInMs: HOUR }) });
    await advance(50_000 + DUE_GRACE_MS);
    await settle();
    expect(line('next-attack')).toHaveTextContent('Attack charges 4 of 5next in 0:59:59');

    await advance(MINUTE);
    expect(screen.queryByTestId('next-training-quarters')).not.toBeInTheDocument();
    expect(line('next-training')).toHaveTextContent('No troops in training');

    // The City does not poll the throne: it asks again when the voting closes, and shows the battle's start.
    const throneReads = api.callsTo(ApiRoutes.throneStatus).length;
    await advanceTo(votingCloses + DUE_GRACE_MS - 100);
    expect(api.callsTo(ApiRoutes.throneStatus)).toHaveLength(throneReads);
    await advanceTo(votingCloses + DUE_GRACE_MS);
    await settle();
    expect(api.callsTo(ApiRoutes.throneStatus)).toHaveLength(throneReads + 1);
    expect(line('next-throne')).toHaveTextContent(/^Throne Wars: battle starts in0:49:4\dThrone Wars$/);
  });
});

describe('While you were away (issue 45, item 5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  const raid = (createdAt: string, attacker: string) =>
    notificationOf(
      'attacked',
      {
        battleId: 41,
        attacker,
        winner: 'attacker',
        dead: { infantry: 2, archers: 0, cavalry: 0 },
        injured: { infantry: 1, archers: 0, cavalry: 0 },
        loot: { wheat: 12.5, lumber: 0, stone: 0, ore: 0 },
      },
      { createdAt },
    );

  it('after 30 minutes away lists the raids and mentions since, the training finished and the resources waiting', async () => {
    const api = await openCity({
      lastVisit: { at: NOW.getTime() - 2 * HOUR, training: [{ building: 'archery', count: 3, completionAt: NOW.getTime() - HOUR }] },
      city: cityResponse({ pendingResources: { wheat: 40, lumber: 0, stone: 0, ore: 0 } }),
      notifications: [
        notificationOf(
          'alliance-mention',
          { allianceId: 1, messageId: 9, author: 'carol', text: '@alice hold the wall' },
          { createdAt: at(-10 * MINUTE) },
        ),
        raid(at(-30 * MINUTE), 'bob'),
        // Before the last visit: already seen.
        raid(at(-3 * HOUR), 'dave'),
      ],
    });
    await settle();
    const summary = screen.getByTestId('away-summary');
    expect(api.callsTo(NOTIFICATIONS_URL)).toHaveLength(1);
    const attacks = within(within(summary).getByTestId('away-attacks')).getAllByTestId('away-notification');
    expect(attacks).toHaveLength(1);
    expect(attacks[0]).toHaveTextContent(/^bob raided your city: .*they took 12\.50 wheat\. Battle report$/);
    expect(within(attacks[0]).getByRole('link', { name: 'Battle report' })).toHaveAttribute('href', '/battles/attack/41');
    expect(within(summary).getByTestId('away-mentions')).toHaveTextContent(
      'carol mentioned you in the alliance chat: “@alice hold the wall”',
    );
    expect(within(summary).getByTestId('away-training-archery')).toHaveTextContent('3 Archers finished training.');
    expect(within(summary).getByTestId('away-resources')).toHaveTextContent(/^Resources waiting to be harvested: 40.00 Wheat\. Harvest$/);
    // Same game day (08:00 in Manila is 00:00 UTC): no reset.
    expect(within(summary).queryByTestId('away-quests')).not.toBeInTheDocument();
    // The visit is recorded at once.
    expect(JSON.parse(localStorage.getItem(LAST_VISIT_KEY) ?? 'null')).toEqual({ at: NOW.getTime(), training: [] });

    fireEvent.click(within(summary).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('away-summary')).not.toBeInTheDocument();
  });

  it('says the daily quests were reset when a game day turned meanwhile', async () => {
    await openCity({ lastVisit: { at: NOW.getTime() - 13 * HOUR, training: [] } });
    await settle();
    expect(screen.getByTestId('away-quests')).toHaveTextContent('The daily quests were reset: new ones wait. Quests');
    expect(screen.queryByTestId('away-attacks')).not.toBeInTheDocument();
  });

  it.each([
    ['a first look at the City', undefined],
    ['a look less than 30 minutes ago', { at: NOW.getTime() - AWAY_MIN_MS + 1000, training: [] }],
  ])('shows nothing after %s, and asks for no notifications', async (_case, lastVisit) => {
    const api = await openCity({ lastVisit, notifications: [raid(at(-MINUTE), 'bob')] });
    await settle();
    expect(screen.getByTestId('whats-next')).toBeInTheDocument();
    expect(screen.queryByTestId('away-summary')).not.toBeInTheDocument();
    expect(api.callsTo(NOTIFICATIONS_URL)).toHaveLength(0);
  });
});
