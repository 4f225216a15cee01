import { useCallback, useSyncExternalStore } from 'react';
import type { GearRarity as Rarity } from '@runik/rules';

/**
 * The game's few sounds (issue 50, item 4): harvest, victory, defeat, a pack's rarity and a notification, each
 * synthesised with the Web Audio API (no file to fetch, nothing to credit). Off on the first visit; the player turns
 * them on from the account menu and the choice is remembered in this browser (localStorage). Nothing sounds before
 * the player has pressed or typed something on the page (the browser would refuse an AudioContext anyway), and the
 * AudioContext is made on the first sound played after that, never on load.
 */
export const SOUND_PREFERENCE_KEY = 'runik.sound';

export type SoundKind = 'harvest' | 'victory' | 'defeat' | 'notification';

const subscribers = new Set<() => void>();
const changed = () => subscribers.forEach((subscriber) => subscriber());

/** On only when the player turned it on in this browser; off on a first visit, and when storage is refused. */
export function isSoundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Remembers the player's choice; turning sound on (a press) plays the notification's chime as a sample. */
export function setSoundOn(on: boolean): void {
  try {
    if (on) localStorage.setItem(SOUND_PREFERENCE_KEY, 'on');
    else localStorage.removeItem(SOUND_PREFERENCE_KEY);
  } catch {
    // Storage refused (a private mode): the choice lasts as long as the page.
  }
  changed();
  if (on) playSound('notification');
}

/** The setting and its switch, for the account menu. */
export function useSoundSetting(): { on: boolean; toggle: () => void } {
  const subscribe = useCallback((subscriber: () => void) => {
    subscribers.add(subscriber);
    return () => subscribers.delete(subscriber);
  }, []);
  const on = useSyncExternalStore(subscribe, isSoundOn, () => false);
  return { on, toggle: () => setSoundOn(!isSoundOn()) };
}

/** True once the player has pressed or typed on the page (the browser's own record when it keeps one). */
function hasUserGesture(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : gestureSeen;
}

let gestureSeen = false;
if (typeof window !== 'undefined') {
  const seen = () => {
    gestureSeen = true;
  };
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, seen, { capture: true, once: true, passive: true });
}

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

/** One note: `frequency` Hz from `at` seconds after now, for `length` seconds, with a short attack and a fading tail. */
interface Note {
  frequency: number;
  at: number;
  length: number;
  wave?: OscillatorType;
  volume?: number;
  /** Glides to this frequency over the note. */
  to?: number;
}

const SOUNDS: Record<SoundKind, Note[]> = {
  // Two bright plucks, rising: coins into the coffer.
  harvest: [
    { frequency: 660, at: 0, length: 0.12, wave: 'triangle' },
    { frequency: 990, at: 0.08, length: 0.18, wave: 'triangle' },
  ],
  // A short fanfare up the major chord.
  victory: [
    { frequency: 523.25, at: 0, length: 0.14, wave: 'square', volume: 0.08 },
    { frequency: 659.25, at: 0.12, length: 0.14, wave: 'square', volume: 0.08 },
    { frequency: 783.99, at: 0.24, length: 0.14, wave: 'square', volume: 0.08 },
    { frequency: 1046.5, at: 0.36, length: 0.45, wave: 'square', volume: 0.08 },
  ],
  // Falling minor steps, low.
  defeat: [
    { frequency: 392, at: 0, length: 0.22, wave: 'sawtooth', volume: 0.06 },
    { frequency: 311.13, at: 0.2, length: 0.22, wave: 'sawtooth', volume: 0.06 },
    { frequency: 261.63, at: 0.4, length: 0.5, wave: 'sawtooth', volume: 0.06, to: 196 },
  ],
  // A two-tone bell.
  notification: [
    { frequency: 880, at: 0, length: 0.2, wave: 'sine', volume: 0.15 },
    { frequency: 1318.5, at: 0.1, length: 0.3, wave: 'sine', volume: 0.12 },
  ],
};

const RARITY_STEPS: Record<Rarity, number> = { common: 1, rare: 2, epic: 3, legendary: 4, mythical: 5 };
const PENTATONIC = [523.25, 587.33, 659.25, 783.99, 880, 1046.5];

/** A pack's best card: the rarer, the longer the rising arpeggio, ending on a shimmer for the rarest. */
export function rarityNotes(rarity: Rarity): Note[] {
  const steps = RARITY_STEPS[rarity];
  const notes: Note[] = PENTATONIC.slice(0, steps + 1).map((frequency, index) => ({
    frequency,
    at: index * 0.09,
    length: index === steps ? 0.5 : 0.12,
    wave: 'triangle',
    volume: 0.12,
  }));
  if (steps >= 4) notes.push({ frequency: 2093, at: steps * 0.09, length: 0.6, wave: 'sine', volume: 0.05 });
  return notes;
}

function play(notes: Note[]): boolean {
  if (!isSoundOn() || !hasUserGesture()) return false;
  const ctx = audio();
  if (!ctx) return false;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.01;
  for (const note of notes) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    const begin = start + note.at;
    const end = begin + note.length;
    oscillator.type = note.wave ?? 'sine';
    oscillator.frequency.setValueAtTime(note.frequency, begin);
    if (note.to) oscillator.frequency.exponentialRampToValueAtTime(note.to, end);
    gain.gain.setValueAtTime(0.0001, begin);
    gain.gain.exponentialRampToValueAtTime(note.volume ?? 0.1, begin + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(begin);
    oscillator.stop(end + 0.02);
  }
  return true;
}

/** Plays one of the game's sounds when sound is on and the player has acted on the page; true when it played. */
export function playSound(kind: SoundKind): boolean {
  return play(SOUNDS[kind]);
}

/** Plays a pack's best rarity (see rarityNotes); true when it played. */
export function playRaritySound(rarity: Rarity): boolean {
  return play(rarityNotes(rarity));
}
