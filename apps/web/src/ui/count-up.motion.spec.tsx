import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setReducedMotion } from '../testing/reduced-motion';
import { CountUp } from './CountUp';
import { COUNT_UP_MS } from './use-count-up';

const format = (value: number) => value.toLocaleString('en-US');

function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

function shown(): number {
  return Number(screen.getByTestId('count').textContent?.replace(/,/g, ''));
}

describe('CountUp', () => {
  it('shows its first value at once, then counts to a new one and ends exactly on it', () => {
    setReducedMotion(false);
    vi.useFakeTimers();
    const { rerender } = render(<CountUp value={1000} format={format} testId="count" />);
    expect(shown()).toBe(1000);

    rerender(<CountUp value={31_337} format={format} testId="count" />);
    advance(COUNT_UP_MS / 2);
    expect(shown()).toBeGreaterThan(1000);
    expect(shown()).toBeLessThan(31_337);

    advance(COUNT_UP_MS);
    expect(screen.getByTestId('count')).toHaveTextContent(/^31,337$/);
  });

  it('counts down as well, from where a count in flight stands', () => {
    setReducedMotion(false);
    vi.useFakeTimers();
    const { rerender } = render(<CountUp value={0} format={format} testId="count" />);
    rerender(<CountUp value={10_000} format={format} testId="count" />);
    advance(COUNT_UP_MS / 2);
    const midway = shown();

    rerender(<CountUp value={400} format={format} testId="count" />);
    advance(50);
    expect(shown()).toBeLessThanOrEqual(midway);
    advance(COUNT_UP_MS * 2);
    expect(shown()).toBe(400);
  });

  it('counts from `from` when it first shows, after its delay', () => {
    setReducedMotion(false);
    vi.useFakeTimers();
    render(<CountUp value={500} from={0} delayMs={300} format={format} testId="count" />);
    advance(250);
    expect(shown()).toBe(0);
    advance(300 + COUNT_UP_MS);
    expect(shown()).toBe(500);
  });

  it('jumps to the new value with reduced motion', () => {
    setReducedMotion(true);
    const { rerender } = render(<CountUp value={1} from={0} format={format} testId="count" />);
    expect(shown()).toBe(1);
    rerender(<CountUp value={2_500} format={format} testId="count" />);
    expect(shown()).toBe(2_500);
  });

  it('jumps to the value when told to end at once', () => {
    setReducedMotion(false);
    vi.useFakeTimers();
    const { rerender } = render(<CountUp value={90} from={0} format={format} testId="count" />);
    advance(50);
    rerender(<CountUp value={90} from={0} instant format={format} testId="count" />);
    expect(shown()).toBe(90);
  });
});
