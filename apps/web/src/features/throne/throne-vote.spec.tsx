import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, ThroneMessages, type ThroneVoteEntry } from '@runik/contract';
import { advance } from '../../testing/city-fixtures';
import { OTHER_ALLIANCE, OWN_ALLIANCE, openThrone, PLAYER, profile, STATUS_URL, TROOPS_URL, war } from './throne-fixtures';

const VOTE_URL = ApiRoutes.throneVote;

function voteBy(allianceId: number): ThroneVoteEntry {
  return { allianceId, allianceName: `Alliance ${allianceId}`, allianceTag: 'ABC', votedAt: new Date().toISOString() };
}

const leader = profile({ isLeader: true });
const votingWar = (votes: Partial<Record<'1:00' | '7:00' | '13:00' | '19:00', ThroneVoteEntry[]>> = {}) =>
  war({ votingPhase: { ...war().votingPhase, votes: { ...war().votingPhase.votes, ...votes } } });

const dialog = () => screen.getByRole('dialog');

describe('the vote button', () => {
  it('opens the slots with their vote counts, asks for confirmation, goes back, and records the vote', async () => {
    vi.useFakeTimers();
    const { api } = await openThrone({
      throneWar: votingWar({ '7:00': [voteBy(21), voteBy(22)], '13:00': [voteBy(OTHER_ALLIANCE)] }),
      user: leader,
      fakeTimers: true,
    });
    api.on('POST', VOTE_URL, { status: 200, data: { success: true, message: 'ok', timeSlot: '19:00' } });

    fireEvent.click(screen.getByRole('button', { name: 'Vote for Battle Time' }));
    expect(within(dialog()).getByRole('heading', { name: 'Vote for Battle Time' })).toBeInTheDocument();
    expect(within(dialog()).getByTestId('slot-votes-1:00')).toHaveTextContent(/^0 votes$/);
    expect(within(dialog()).getByTestId('slot-votes-7:00')).toHaveTextContent(/^2 votes$/);
    expect(within(dialog()).getByTestId('slot-votes-13:00')).toHaveTextContent(/^1 vote$/);

    fireEvent.click(within(dialog()).getByRole('button', { name: /^13:00 UTC/ }));
    expect(within(dialog()).getByRole('heading', { name: 'Confirm Vote' })).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('Vote for the battle to start at 13:00 UTC?');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Go Back' }));
    expect(within(dialog()).getByRole('heading', { name: 'Vote for Battle Time' })).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: /^19:00 UTC/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Confirm Vote' }));
    await advance(1);

    expect(api.callsTo(VOTE_URL).map((request) => request.body)).toEqual([{ hiveUsername: PLAYER, timeSlot: '19:00' }]);
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Vote recorded for 19:00 UTC!');
    expect(screen.getByTestId('throne-message')).toHaveTextContent('Vote recorded for 19:00 UTC!');
    expect(within(dialog()).getByRole('button', { name: 'Confirm Vote' })).toBeDisabled();
    // The status and the troops come again from the server.
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(api.callsTo(TROOPS_URL)).toHaveLength(2);

    await advance(1_900);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await advance(100);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("reads 'Alliance Already Voted' and is disabled once the alliance appears in a slot's votes", async () => {
    await openThrone({ throneWar: votingWar({ '1:00': [voteBy(OTHER_ALLIANCE)], '19:00': [voteBy(OWN_ALLIANCE)] }), user: leader });
    const button = screen.getByRole('button', { name: ThroneMessages.alreadyVotedButton });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Vote for Battle Time' })).not.toBeInTheDocument();
  });

  it.each([
    ['a member who does not lead', profile(), ThroneMessages.leadersVote],
    [
      'a player without an alliance',
      profile({ allianceId: null, allianceName: null, allianceTag: null }),
      ThroneMessages.needsAllianceToVote,
    ],
  ])('is replaced for %s by the hint of the spec', async (_who, user, hint) => {
    await openThrone({ throneWar: votingWar(), user });
    expect(screen.getByTestId('vote-hint')).toHaveTextContent(hint);
    expect(screen.queryByRole('button', { name: 'Vote for Battle Time' })).not.toBeInTheDocument();
  });

  it('is not shown once voting has closed', async () => {
    await openThrone({ throneWar: war({ status: 'waiting', votingPhase: { ...war().votingPhase, isOpen: false } }), user: leader });
    expect(screen.queryByRole('button', { name: 'Vote for Battle Time' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('vote-hint')).not.toBeInTheDocument();
  });
});

describe('a refused vote', () => {
  it.each([
    ["the server's error", { status: 409, data: { error: ThroneMessages.alreadyVoted } }, ThroneMessages.alreadyVoted],
    ['the default text without one', { status: 500 }, ThroneMessages.voteFailed],
  ])('shows %s in the modal and on the message line, and keeps the modal open', async (_case, response, text) => {
    const { api } = await openThrone({ throneWar: votingWar(), user: leader });
    api.on('POST', VOTE_URL, response);
    fireEvent.click(screen.getByRole('button', { name: 'Vote for Battle Time' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: /^1:00 UTC/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Confirm Vote' }));

    expect(await screen.findByTestId('throne-message')).toHaveTextContent(text);
    expect(within(dialog()).getByText(text)).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Confirm Vote' })).toBeEnabled();
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });
});
