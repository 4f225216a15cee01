import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_EVENT } from '@runik/contract';
import { advance, cityResponse, openCity, PLAYER } from '../testing/city-fixtures';
import { toastTexts } from '../testing/dialogs';
import { currentSocket } from '../testing/fake-socket';
import { notificationOf } from '../testing/notification-fixtures';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const inSeconds = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

/** The browser's Notification API as a test controls it: what was shown, and what the player answers. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static shown: { title: string; body: string | undefined; tag: string | undefined }[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.permission;
  });
  constructor(title: string, options: NotificationOptions = {}) {
    FakeNotification.shown.push({ title, body: options.body, tag: options.tag });
  }
}

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  localStorage.removeItem('runik.notify-in-background');
});

afterEach(() => {
  localStorage.removeItem('runik.notify-in-background');
});

/** Opens the account menu and presses its notifications item (fireEvent: these tests run on fake timers). */
async function pressNotifyItem(name: string) {
  fireEvent.click(screen.getByRole('button', { name: PLAYER }));
  fireEvent.click(within(screen.getByTestId('account-dropdown')).getByRole('button', { name }));
  await advance(0);
}

describe('notifications while the tab is in the background', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('asks the permission only when the player presses "Notify me", and remembers the choice', async () => {
    await openCity(cityResponse(), { fakeTimers: true });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();

    await pressNotifyItem('Notify me');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toContain('Runik will notify you while it is in the background.');
    expect(localStorage.getItem('runik.notify-in-background')).toBe('on');

    await pressNotifyItem('Stop notifications');
    expect(localStorage.getItem('runik.notify-in-background')).toBeNull();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser refuses, and announces nothing', async () => {
    FakeNotification.answer = 'denied';
    await openCity(cityResponse(), { fakeTimers: true });
    await pressNotifyItem('Notify me');
    expect(toastTexts()).toContain('Notifications are blocked for Runik in this browser’s settings.');
    expect(localStorage.getItem('runik.notify-in-background')).toBeNull();
  });

  it('announces a training done while the page is hidden, and nothing while it is in front', async () => {
    FakeNotification.permission = 'granted';
    localStorage.setItem('runik.notify-in-background', 'on');
    const city = cityResponse({
      trainingQueue: { quarters: { completionTime: inSeconds(3), count: 5 }, archery: { completionTime: inSeconds(6), count: 2 } },
    });
    await openCity(city, { fakeTimers: true });

    await advance(3_000);
    expect(FakeNotification.shown).toEqual([]);

    visibility = 'hidden';
    await advance(3_000);
    expect(FakeNotification.shown).toEqual([
      expect.objectContaining({ title: 'Runik', body: expect.stringMatching(/^Training done: 2 /) }),
    ]);
  });

  it('announces a harvest ready while the page is hidden', async () => {
    FakeNotification.permission = 'granted';
    localStorage.setItem('runik.notify-in-background', 'on');
    await openCity(cityResponse({ nextHarvestTime: inSeconds(10) }), { fakeTimers: true });
    visibility = 'hidden';
    await advance(10_000);
    expect(FakeNotification.shown).toEqual([expect.objectContaining({ body: 'Harvest ready: your city can harvest again.' })]);
  });

  it('announces a raid and a mention pushed while the page is hidden, not other pushes, and nothing unless asked', async () => {
    FakeNotification.permission = 'granted';
    await openCity(cityResponse(), { fakeTimers: true });
    currentSocket().acceptConnection();
    visibility = 'hidden';
    const none = { infantry: 0, archers: 0, cavalry: 0 };
    const raid = notificationOf('attacked', {
      battleId: 9,
      attacker: 'bob',
      winner: 'attacker',
      dead: none,
      injured: none,
      loot: { wheat: 5, lumber: 0, stone: 0, ore: 0 },
    });
    currentSocket().serverEmits(NOTIFICATION_EVENT, raid);
    expect(FakeNotification.shown).toEqual([]);

    localStorage.setItem('runik.notify-in-background', 'on');
    currentSocket().serverEmits(NOTIFICATION_EVENT, { ...raid, id: raid.id + 1 });
    currentSocket().serverEmits(
      NOTIFICATION_EVENT,
      notificationOf('alliance-mention', { allianceId: 1, messageId: 2, author: 'carol', text: 'hi @alice' }),
    );
    currentSocket().serverEmits(
      NOTIFICATION_EVENT,
      notificationOf('quest-completed', { questId: 'harvest' as never, title: 'Harvest', daily: true }),
    );
    await advance(0);
    expect(FakeNotification.shown.map((shown) => shown.body)).toEqual(['bob raided your city', 'carol mentioned you in the alliance chat']);
  });
});
