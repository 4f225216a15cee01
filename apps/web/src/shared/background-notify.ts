import { useCallback, useSyncExternalStore } from 'react';

/**
 * The browser's notifications while the game's tab is in the background (issue 45, item 7): training done, harvest
 * ready, a raid received, a mention in the alliance chat. Permission is asked only when the player presses "Notify
 * me" (the account menu), never on load; the choice is remembered in this browser (localStorage). A notification is
 * shown only while the page is hidden: in front, the game's own toasts say it.
 */
const PREFERENCE_KEY = 'runik.notify-in-background';
const ICON = '/icon-192.png';

/** unsupported: no Notification API; blocked: the browser refused (only its settings can undo it). */
export type NotifyState = 'unsupported' | 'blocked' | 'off' | 'on';

const subscribers = new Set<() => void>();
const changed = () => subscribers.forEach((subscriber) => subscriber());

function hasNotifications(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function readPreference(): boolean {
  try {
    return localStorage.getItem(PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

function writePreference(on: boolean): void {
  try {
    if (on) localStorage.setItem(PREFERENCE_KEY, 'on');
    else localStorage.removeItem(PREFERENCE_KEY);
  } catch {
    // Storage refused (a private mode): the choice lasts as long as the page.
  }
  changed();
}

export function notifyState(): NotifyState {
  if (!hasNotifications()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && readPreference() ? 'on' : 'off';
}

/** Asks the browser's permission (only from the player's press) and turns the notifications on if given. */
export async function enableBackgroundNotifications(): Promise<NotifyState> {
  if (!hasNotifications()) return 'unsupported';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  writePreference(permission === 'granted');
  return notifyState();
}

export function disableBackgroundNotifications(): void {
  writePreference(false);
}

/** The state, and the player's two actions, for a control. */
export function useBackgroundNotifications(): { state: NotifyState; enable: () => Promise<NotifyState>; disable: () => void } {
  const subscribe = useCallback((subscriber: () => void) => {
    subscribers.add(subscriber);
    return () => subscribers.delete(subscriber);
  }, []);
  const state = useSyncExternalStore(subscribe, notifyState, () => 'unsupported' as const);
  return { state, enable: enableBackgroundNotifications, disable: disableBackgroundNotifications };
}

/**
 * Shows `body` as a notification when the page is hidden and the player turned them on; nothing otherwise. `tag`
 * names the event: the same event announced twice (two tabs) replaces itself.
 */
export function announceInBackground(body: string, tag: string): void {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden' || notifyState() !== 'on') return;
  void show('Runik', { body, tag, icon: ICON }).catch(() => undefined);
}

async function show(title: string, options: NotificationOptions): Promise<void> {
  // A phone's browser (Chrome on Android) refuses `new Notification`: there the service worker shows it.
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration?.active) return registration.showNotification(title, options);
  new Notification(title, options);
}
