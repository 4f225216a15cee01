import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { isSoundOn, playRaritySound, playSound, rarityNotes, setSoundOn, SOUND_PREFERENCE_KEY, useSoundSetting } from './sound';

/** Counts the AudioContexts made and the notes started: jsdom has no Web Audio. */
function installAudio() {
  const started: number[] = [];
  const made = { count: 0 };
  const param = () => ({ setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    constructor() {
      made.count += 1;
    }
    resume = () => Promise.resolve();
    createGain() {
      return { gain: param(), connect: (target: unknown) => target };
    }
    createOscillator() {
      return {
        type: 'sine',
        frequency: param(),
        connect: (target: unknown) => target,
        start: (at: number) => started.push(at),
        stop: vi.fn(),
      };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return { started, made };
}

function setUserActivation(hasBeenActive: boolean) {
  Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive }, configurable: true });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'userActivation');
});

describe('the sound setting', () => {
  it('is off on a first visit, and nothing plays then', () => {
    const audio = installAudio();
    setUserActivation(true);
    expect(isSoundOn()).toBe(false);
    expect(playSound('victory')).toBe(false);
    expect(audio.made.count).toBe(0);
  });

  it('is remembered in this browser once turned on, and off again once turned off', () => {
    setSoundOn(true);
    expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBe('on');
    expect(isSoundOn()).toBe(true);
    setSoundOn(false);
    expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBeNull();
    expect(isSoundOn()).toBe(false);
  });

  it('toggles through the hook, which follows the stored choice', () => {
    localStorage.setItem(SOUND_PREFERENCE_KEY, 'on');
    const { result } = renderHook(() => useSoundSetting());
    expect(result.current.on).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.on).toBe(false);
    expect(isSoundOn()).toBe(false);
  });
});

describe('playing', () => {
  it('never sounds before a user gesture, even when on', () => {
    const audio = installAudio();
    localStorage.setItem(SOUND_PREFERENCE_KEY, 'on');
    setUserActivation(false);
    expect(playSound('harvest')).toBe(false);
    expect(audio.made.count).toBe(0);
  });

  it('plays each sound once on and after a gesture, from one AudioContext', () => {
    const audio = installAudio();
    localStorage.setItem(SOUND_PREFERENCE_KEY, 'on');
    setUserActivation(true);
    for (const kind of ['harvest', 'victory', 'defeat', 'notification'] as const) expect(playSound(kind)).toBe(true);
    expect(playRaritySound('mythical')).toBe(true);
    expect(audio.made.count).toBeLessThanOrEqual(1);
    expect(audio.started.length).toBeGreaterThan(10);
  });

  it('makes a rarer card sound longer', () => {
    const lengths = (['common', 'rare', 'epic', 'legendary', 'mythical'] as const).map((rarity) => rarityNotes(rarity).length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(new Set(lengths).size).toBe(5);
  });
});
