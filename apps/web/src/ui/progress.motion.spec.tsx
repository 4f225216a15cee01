import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatCountdown } from '@runik/rules';
import { setReducedMotion } from '../testing/reduced-motion';
import { Countdown } from './Countdown';
import { ProgressBar } from './ProgressBar';
import { COUNT_UP_MS } from './use-count-up';

const START = Date.parse('2026-05-01T12:00:00.000Z');

function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

function fillWidth(): string {
  return (screen.getByRole('progressbar').firstElementChild as HTMLElement).style.width;
}

describe('Countdown', () => {
  it('counts down live, second by second, and shows the passed text at the end', () => {
    vi.useFakeTimers({ now: START });
    render(<Countdown to={START + 2_500} format={formatCountdown} passed="Done" testId="left" />);
    expect(screen.getByRole('timer')).toHaveTextContent(/^0:00:03$/);
    advance(500);
    expect(screen.getByTestId('left')).toHaveTextContent(/^0:00:02$/);
    advance(1000);
    expect(screen.getByTestId('left')).toHaveTextContent(/^0:00:01$/);
    advance(999);
    expect(screen.getByTestId('left')).toHaveTextContent(/^0:00:01$/);
    advance(1);
    expect(screen.getByTestId('left')).toHaveTextContent(/^Done$/);
  });

  it('shows no time left, formatted, when there is no passed text', () => {
    vi.useFakeTimers({ now: START });
    render(<Countdown to={START - 5_000} format={formatCountdown} />);
    expect(screen.getByRole('timer')).toHaveTextContent(/^0:00:00$/);
  });
});

describe('ProgressBar', () => {
  it('announces its value and moves its fill to the new value, ending exactly on it', () => {
    setReducedMotion(false);
    vi.useFakeTimers();
    const { rerender } = render(<ProgressBar value={20} max={80} label="Training" valueText="1 of 4" />);
    const bar = screen.getByRole('progressbar', { name: 'Training' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 4');
    expect(fillWidth()).toBe('25%');

    rerender(<ProgressBar value={60} max={80} label="Training" />);
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    advance(COUNT_UP_MS / 2);
    expect(parseFloat(fillWidth())).toBeGreaterThan(25);
    expect(parseFloat(fillWidth())).toBeLessThan(75);
    advance(COUNT_UP_MS);
    expect(fillWidth()).toBe('75%');
  });

  it('draws a value beyond the track clamped, and announces it as it is', () => {
    render(<ProgressBar value={130} label="Boss health" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '130');
    expect(fillWidth()).toBe('100%');
  });

  it('flashes on each drop when asked, not on a rise', () => {
    setReducedMotion(false);
    const { rerender } = render(<ProgressBar value={80} label="Boss health" tone="health" flashOnDrop />);
    expect(screen.queryByTestId('progress-flash')).not.toBeInTheDocument();
    rerender(<ProgressBar value={90} label="Boss health" tone="health" flashOnDrop />);
    expect(screen.queryByTestId('progress-flash')).not.toBeInTheDocument();
    rerender(<ProgressBar value={50} label="Boss health" tone="health" flashOnDrop />);
    const flash = screen.getByTestId('progress-flash');
    rerender(<ProgressBar value={30} label="Boss health" tone="health" flashOnDrop />);
    // A new flash element: its animation plays again.
    expect(screen.getByTestId('progress-flash')).not.toBe(flash);
  });

  it('with reduced motion, jumps to the new value without a flash', () => {
    setReducedMotion(true);
    const { rerender } = render(<ProgressBar value={80} label="Boss health" flashOnDrop />);
    rerender(<ProgressBar value={40} label="Boss health" flashOnDrop />);
    expect(fillWidth()).toBe('40%');
    expect(screen.queryByTestId('progress-flash')).not.toBeInTheDocument();
  });
});
