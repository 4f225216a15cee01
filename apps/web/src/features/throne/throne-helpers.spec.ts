import { describe, expect, it } from 'vitest';
import { ThroneMessages } from '@runik/contract';
import { countdownText, formatMinutesSeconds } from './throne-clock';
import { messageTone } from './ThroneMessageLine';
import { toTroopCount } from './TroopsModal';

describe('toTroopCount', () => {
  it.each([
    ['12', 12],
    ['12.9', 12],
    ['', 0],
    ['abc', 0],
    ['NaN', 0],
    ['-5', 0],
    ['500', 120],
    ['Infinity', 0],
  ])('reads %j as %i, within 0 to 120', (text, count) => {
    expect(toTroopCount(text, 120)).toBe(count);
  });
});

describe('messageTone', () => {
  it.each([
    [ThroneMessages.attackFailed, 'error'],
    ['Recall FAILED', 'error'],
    ['Unexpected error', 'error'],
    [ThroneMessages.recalled, 'success'],
    [ThroneMessages.attacked('Iron Crown'), 'success'],
  ])('%j is %s', (text, tone) => {
    expect(messageTone(text)).toBe(tone);
  });
});

describe('countdowns', () => {
  const at = Date.parse('2026-05-15T00:00:00.000Z');

  it('shows days, hours, minutes and seconds, then the text for a passed time', () => {
    expect(countdownText(at, at - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000, ThroneMessages.startingSoon)).toBe('2d 03h 04m 05s');
    expect(countdownText(at, at, ThroneMessages.startingSoon)).toBe(ThroneMessages.startingSoon);
    expect(countdownText(Number.NaN, at, ThroneMessages.votingStarted)).toBe(ThroneMessages.votingStarted);
  });

  it('shows the full-control countdown as minutes and seconds, minutes unbounded', () => {
    expect(formatMinutesSeconds(30 * 60_000)).toBe('30m 00s');
    expect(formatMinutesSeconds(90 * 60_000 + 500)).toBe('90m 01s');
    expect(formatMinutesSeconds(-1)).toBe('0m 00s');
  });
});
