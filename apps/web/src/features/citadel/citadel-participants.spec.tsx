import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { floorResponse, openCitadel, participant, PLAYER } from './citadel-fixtures';

/** `count` participants, most damage first: p1 dealt the most. */
function ranking(count: number) {
  return Array.from({ length: count }, (_, index) => participant(`p${index + 1}`, (count - index) * 10, 100 / count, index + 1));
}

function listedNames(): string[] {
  return within(screen.getByTestId('participants'))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('data-testid') ?? '');
}

const names = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `participant-p${from + index}`);

describe('the damage ranking', () => {
  it('shows the top three with rank, damage, share and attacks', async () => {
    await openCitadel({ floors: { 3: floorResponse(3, { allParticipants: ranking(12), totalParticipants: 12 }) } });
    expect(screen.getByTestId('total-participants')).toHaveTextContent('12 participants');
    expect(listedNames()).toEqual(names(1, 3));
    const first = screen.getByTestId('participant-p1');
    expect(first).toHaveTextContent(/^#1p1/);
    expect(within(first).getByTestId('participant-damage')).toHaveTextContent(/^120,000$/);
    expect(within(first).getByTestId('participant-share')).toHaveTextContent(/^8\.33%$/);
    expect(within(first).getByTestId('participant-attacks')).toHaveTextContent(/^1 attack$/);
    expect(within(screen.getByTestId('participant-p3')).getByTestId('participant-attacks')).toHaveTextContent(/^3 attacks$/);
  });

  it("lists the server's topThreeDealers by default", async () => {
    // The server's top three win over a client-side slice of allParticipants.
    const top = [participant('carol', 90, 45, 4), participant('bob', 60, 30, 2), participant('dave', 30, 15, 1)];
    await openCitadel({
      floors: {
        3: floorResponse(3, { topThreeDealers: top, allParticipants: [...top, participant('erin', 20, 10)], totalParticipants: 4 }),
      },
    });
    expect(listedNames()).toEqual(['participant-carol', 'participant-bob', 'participant-dave']);
  });

  it('expands to the top 10 and to all, and collapses back to the top three', async () => {
    await openCitadel({ floors: { 3: floorResponse(3, { allParticipants: ranking(12), totalParticipants: 12 }) } });
    expect(screen.getByRole('button', { name: 'Show top 3' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Show top 10' }));
    expect(listedNames()).toEqual(names(1, 10));
    expect(screen.getByRole('button', { name: 'Show top 10' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(listedNames()).toEqual(names(1, 12));
    expect(screen.getByTestId('participant-p12')).toHaveTextContent(/^#12p12/);

    fireEvent.click(screen.getByRole('button', { name: 'Show top 3' }));
    expect(listedNames()).toEqual(names(1, 3));
  });

  it('has no expanders when the top three are everyone', async () => {
    await openCitadel({ floors: { 3: floorResponse(3, { allParticipants: ranking(3), totalParticipants: 3 }) } });
    expect(listedNames()).toEqual(names(1, 3));
    expect(screen.queryByRole('button', { name: 'Show top 10' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all' })).not.toBeInTheDocument();
  });

  it("marks the player's own row", async () => {
    await openCitadel();
    expect(screen.getByTestId(`participant-${PLAYER}`)).toHaveTextContent(`${PLAYER} (you)`);
    expect(screen.getByTestId(`participant-${PLAYER}`)).toHaveClass('citadel-ranking__row--you');
    expect(screen.getByTestId('participant-bob')).not.toHaveTextContent('(you)');
  });

  it('says so when nobody has attacked yet', async () => {
    await openCitadel({ floors: { 3: floorResponse(3, { allParticipants: [], totalParticipants: 0 }) } });
    expect(screen.getByTestId('total-participants')).toHaveTextContent('0 participants');
    expect(screen.getByText('No one has attacked this boss yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('participants')).not.toBeInTheDocument();
  });
});
