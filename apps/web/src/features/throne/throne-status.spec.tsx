import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThroneMessages } from '@runik/contract';
import { advance } from '../../testing/city-fixtures';
import { activeWar, nextWar, occupier, openThrone, rally, STATUS_URL, statusResponse, TROOPS_URL, war } from './throne-fixtures';

const text = (testId: string) => screen.getByTestId(testId).textContent;
const heading = (name: string) => screen.queryByRole('heading', { name });

/** Fake time from `now`, so countdowns read exactly. */
function startClockAt(now: string) {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(now));
}

describe('the Throne Status section', () => {
  it('shows the UTC clock and the closing of the vote with a countdown while voting is open', async () => {
    startClockAt('2026-05-14T10:00:00.000Z');
    await openThrone({ throneWar: war({ votingPhase: { ...war().votingPhase, closesAt: '2026-05-15T00:00:00.000Z' } }), fakeTimers: true });
    expect(text('throne-phase')).toBe('Voting');
    expect(text('utc-clock')).toBe('10:00:00 UTC');
    expect(text('voting-closes-at')).toBe('May 15, 2026, 00:00 UTC');
    expect(screen.getByRole('timer')).toHaveTextContent(/^0d 14h 00m 00s$/);

    await advance(1_000);
    expect(text('utc-clock')).toBe('10:00:01 UTC');
    expect(text('voting-countdown')).toBe('0d 13h 59m 59s');
  });

  it("reads 'Starting soon...' once the vote's closing time has passed", async () => {
    startClockAt('2026-05-14T23:59:58.000Z');
    await openThrone({ throneWar: war({ votingPhase: { ...war().votingPhase, closesAt: '2026-05-15T00:00:00.000Z' } }), fakeTimers: true });
    expect(text('voting-countdown')).toBe('0d 00h 00m 02s');
    await advance(2_000);
    expect(text('voting-countdown')).toBe(ThroneMessages.startingSoon);
  });

  it('shows the battle start time with a countdown while waiting', async () => {
    startClockAt('2026-05-14T12:00:00.000Z');
    await openThrone({
      throneWar: war({ status: 'waiting', battlePhase: { startTime: '2026-05-15T13:00:00.000Z', endsAt: '2026-05-16T00:00:00.000Z' } }),
      fakeTimers: true,
    });
    expect(text('throne-phase')).toBe('Waiting for Battle');
    expect(text('battle-start')).toBe('May 15, 2026, 13:00 UTC');
    expect(text('battle-countdown')).toBe('1d 01h 00m 00s');
    expect(screen.queryByTestId('utc-clock')).not.toBeInTheDocument();
  });

  it('shows the occupier, the garrison and the occupation countdown in minutes and seconds', async () => {
    startClockAt('2026-05-15T13:05:00.000Z');
    await openThrone({ throneWar: activeWar(occupier({ fullControlAt: '2026-05-15T13:30:00.000Z' })), fakeTimers: true });
    expect(text('throne-phase')).toBe('Battle Active');
    expect(text('throne-occupier')).toBe('[IRC] Iron Crown');
    expect(text('throne-garrison')).toBe('1,200 Infantry, 300 Archers, 40 Cavalry');
    expect(text('full-control-countdown')).toBe('25m 00s');
    expect(screen.getByText('Hold the throne for 30m 00s without a break to win the war.')).toBeInTheDocument();
    expect(screen.queryByTestId('full-control')).not.toBeInTheDocument();

    await advance(1_000);
    expect(text('full-control-countdown')).toBe('24m 59s');
  });

  it("shows 'Full Control Achieved' once full control is met", async () => {
    await openThrone({ throneWar: activeWar(occupier({ fullControlMet: true })) });
    expect(text('full-control')).toBe(ThroneMessages.fullControlAchieved);
    expect(screen.queryByTestId('full-control-countdown')).not.toBeInTheDocument();
  });

  it('says the throne is unclaimed when nobody holds it', async () => {
    await openThrone({ throneWar: activeWar(null) });
    expect(text('throne-unclaimed')).toBe('The throne is unclaimed: any alliance may attack.');
    expect(screen.queryByTestId('throne-occupier')).not.toBeInTheDocument();
  });

  it('shows the winner, the king, the victory time and the next war with its countdown once completed', async () => {
    startClockAt('2026-05-15T20:00:00.000Z');
    await openThrone({
      throneWar: war({
        status: 'completed',
        winner: { allianceName: 'Iron Crown', allianceTag: 'IRC', leaderName: 'carol', wonAt: '2026-05-15T13:42:00.000Z' },
        activeAttacks: [rally()],
      }),
      fakeTimers: true,
    });
    expect(text('throne-phase')).toBe('Completed');
    expect(text('throne-winner')).toBe('[IRC] Iron Crown');
    expect(text('throne-king')).toBe('carol');
    expect(text('throne-won-at')).toBe('May 15, 2026, 13:42 UTC');
    expect(text('next-war-date')).toBe('May 31, 2026');
    expect(text('next-voting-at')).toBe('May 30, 2026, 00:01 UTC');
    expect(text('next-voting-countdown')).toBe('14d 04h 01m 00s');
    expect(text('next-war-countdown')).toBe('15d 04h 00m 00s');
    // A completed war has no rallies to show.
    expect(heading('Incoming Rallies')).not.toBeInTheDocument();
    expect(heading('Active Alliance Rallies')).not.toBeInTheDocument();
  });

  it("names the king 'Unknown' when the winner has no leader", async () => {
    await openThrone({
      throneWar: war({
        status: 'completed',
        winner: { allianceName: 'Iron Crown', allianceTag: 'IRC', leaderName: null, wonAt: new Date().toISOString() },
      }),
    });
    expect(text('throne-king')).toBe('Unknown');
  });

  it("says no alliance claimed the throne, and 'Voting has started!' once the next vote has opened", async () => {
    await openThrone({
      throneWar: war({ status: 'completed' }),
      next: nextWar({ votingStartsAt: new Date(Date.now() - 1000).toISOString() }),
    });
    expect(text('throne-no-winner')).toBe('No alliance claimed the throne');
    expect(await screen.findByTestId('next-voting-countdown')).toHaveTextContent(ThroneMessages.votingStarted);
  });

  it('says no war is scheduled, with the next war, when there is none', async () => {
    await openThrone({ throneWar: null });
    expect(text('throne-none')).toBe(ThroneMessages.noneScheduled);
    expect(await screen.findByTestId('next-war-date')).toHaveTextContent('May 31, 2026');
    expect(screen.queryByTestId('throne-phase')).not.toBeInTheDocument();
    expect(heading('Incoming Rallies')).not.toBeInTheDocument();
  });

  it('shows every section while the battle is on', async () => {
    await openThrone({ throneWar: activeWar() });
    for (const name of [
      'Throne Status',
      'Throne Actions',
      'Active Alliance Rallies',
      'Incoming Rallies',
      'Available Troops and Reward System',
    ]) {
      expect(screen.getByRole('heading', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    expect(text('available-infantry')).toBe('120');
    expect(text('available-archers')).toBe('45');
    expect(text('available-cavalries')).toBe('8');
    expect(screen.getByText('Alliance leader: +2 levels on all buildings.')).toBeInTheDocument();
    expect(screen.getByText('Members: +1 level on all buildings.')).toBeInTheDocument();
    expect(screen.getByText('Rewards are granted automatically when the war completes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the Throne Wars guide' })).toHaveAttribute('href', 'https://peakd.com/@runik.game');
  });
});

describe('loading', () => {
  it('refreshes the status every 30 seconds', async () => {
    vi.useFakeTimers();
    const { api } = await openThrone({
      throneWar: war({ status: 'waiting', battlePhase: { startTime: new Date(Date.now() + 60_000).toISOString(), endsAt: '' } }),
      fakeTimers: true,
    });
    expect(text('throne-phase')).toBe('Waiting for Battle');
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);

    api.on('GET', STATUS_URL, { status: 200, data: statusResponse(activeWar()) });
    await advance(29_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
    await advance(1_000);
    await advance(1);
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(text('throne-phase')).toBe('Battle Active');
    // Only the status polls; the troops are reloaded after actions.
    expect(api.callsTo(TROOPS_URL)).toHaveLength(1);
  });

  it('says the status failed to load and tries again on request', async () => {
    const { api } = await openThrone({ status: { status: 500, data: { error: 'boom' } } });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the throne status');
    api.on('GET', STATUS_URL, { status: 200, data: statusResponse(war()) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('throne-phase')).toHaveTextContent('Voting');
  });
});
