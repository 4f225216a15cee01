import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ALLIANCE_CHAT_DELETED_EVENT,
  ALLIANCE_CHAT_EVENT,
  AllianceChatMessages,
  ApiRoutes,
  type AllianceChatMessageDto,
} from '@runik/contract';
import { formatDateTime } from '../../shared/format';
import { responder } from '../../testing/fake-api';
import { currentSocket } from '../../testing/fake-socket';
import { allianceView, bodiesSentTo, memberView, openAlliance, PLAYER } from '../../testing/alliance-fixtures';

const HISTORY_URL = ApiRoutes.allianceChat(PLAYER);
const UNREAD_URL = ApiRoutes.allianceChatUnread(PLAYER);
const READ_URL = ApiRoutes.allianceChatRead(PLAYER);

const line = (id: number, author: string | null, text: string): AllianceChatMessageDto => ({
  id,
  author,
  text,
  createdAt: `2026-05-01T10:0${id}:00.000Z`,
});

/** Alice in an alliance with a chat of two lines (newest first, as the API answers) and `unread` unread. */
async function openChatOf(view = memberView(), unread = 2, mutedUntil: string | null = null) {
  const opened = await openAlliance(view, {
    serve: (api) =>
      api
        .on('GET', UNREAD_URL, responder({ unreadCount: unread }))
        .on(
          'GET',
          HISTORY_URL,
          responder({
            messages: [line(2, 'bob', 'Hold the <b>pass</b>'), line(1, null, 'bob founded the alliance.')],
            nextCursor: null,
            mutedUntil,
          }),
        )
        .on('POST', READ_URL, responder({ unreadCount: 0 })),
  });
  currentSocket().acceptConnection();
  return opened;
}

describe('the alliance chat', () => {
  it('is a button with the unread count for a member; it opens the panel, oldest line first, markup as text, and reads it', async () => {
    const { api, user } = await openChatOf();
    const button = await screen.findByRole('button', { name: 'Alliance chat: 2 unread messages' });
    expect(within(button).getByTestId('chat-unread-count')).toHaveTextContent(/^2$/);

    await user.click(button);
    const panel = await screen.findByRole('complementary', { name: 'Alliance chat' });
    const texts = await within(panel).findAllByText(/founded|Hold/);
    expect(texts.map((text) => text.textContent)).toEqual(['bob founded the alliance.', 'Hold the <b>pass</b>']);
    expect(panel.querySelector('b')).toBeNull();
    await vi.waitFor(() => expect(bodiesSentTo(api, READ_URL)).toEqual([{ upTo: 2 }]));
    await screen.findByRole('button', { name: 'Alliance chat: no unread messages' });
  });

  it('counts a line pushed while the panel is closed, shows it once opened, and drops a deleted one', async () => {
    const { user } = await openChatOf(memberView(), 0);
    await screen.findByRole('button', { name: 'Alliance chat: no unread messages' });
    currentSocket().serverEmits(ALLIANCE_CHAT_EVENT, { allianceId: 7, ...line(3, 'carol', 'On my way') });
    await screen.findByRole('button', { name: 'Alliance chat: 1 unread message' });
    // Alice's own line is no news to her.
    currentSocket().serverEmits(ALLIANCE_CHAT_EVENT, { allianceId: 7, ...line(4, PLAYER, 'Good') });
    expect(screen.getByRole('button', { name: 'Alliance chat: 1 unread message' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Alliance chat: 1 unread message' }));
    const panel = await screen.findByRole('complementary', { name: 'Alliance chat' });
    await within(panel).findByText('Hold the <b>pass</b>');
    currentSocket().serverEmits(ALLIANCE_CHAT_EVENT, { allianceId: 7, ...line(5, 'carol', 'Live line') });
    await within(panel).findByText('Live line');
    currentSocket().serverEmits(ALLIANCE_CHAT_DELETED_EVENT, { allianceId: 7, id: 5 });
    await vi.waitFor(() => expect(within(panel).queryByText('Live line')).not.toBeInTheDocument());
  });

  it('sends a line and says how long to wait when it is refused for speed', async () => {
    const { api, user } = await openChatOf();
    api.on('POST', HISTORY_URL, (request) =>
      (request.body as { text: string }).text === 'too fast'
        ? { status: 429, data: { error: AllianceChatMessages.tooFast, retryAfterSeconds: 7 } }
        : { status: 200, data: { message: line(6, PLAYER, (request.body as { text: string }).text) } },
    );
    await user.click(await screen.findByRole('button', { name: /^Alliance chat/ }));
    const panel = await screen.findByRole('complementary', { name: 'Alliance chat' });
    const input = within(panel).getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Ready @bob');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await within(panel).findByText('Ready @bob');
    expect(input).toHaveValue('');

    await user.type(input, 'too fast');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(`${AllianceChatMessages.tooFast} Try again in 7 s.`);
    expect(input).toHaveValue('too fast');
  });

  it('gives the leader a way to delete a line and mute its author', async () => {
    const { api, user } = await openChatOf(allianceView());
    api.on('POST', ApiRoutes.allianceChatMute(PLAYER), responder({ success: true, message: 'bob is muted.' }));
    await user.click(await screen.findByRole('button', { name: /^Alliance chat/ }));
    const panel = await screen.findByRole('complementary', { name: 'Alliance chat' });
    await within(panel).findByText('Hold the <b>pass</b>');
    const moderate = within(panel).getAllByRole('button', { name: /^Moderate the message/ });
    await user.click(moderate[1]);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'How long to mute bob' }), '1 day');
    await user.click(within(panel).getByRole('button', { name: 'Mute bob' }));
    await vi.waitFor(() =>
      expect(bodiesSentTo(api, ApiRoutes.allianceChatMute(PLAYER))).toEqual([{ targetUsername: 'bob', minutes: 1440 }]),
    );
  });

  // Issue 45: the moderation controls closed at once, and the mute's answer died with them.
  it("tells the leader the mute took, with the server's words", async () => {
    const { api, user } = await openChatOf(allianceView());
    const done = AllianceChatMessages.mutedDone('bob', '2026-11-28T22:55:25.916Z');
    api.on('POST', ApiRoutes.allianceChatMute(PLAYER), responder({ success: true, message: done }));
    await user.click(await screen.findByRole('button', { name: /^Alliance chat/ }));
    const panel = await screen.findByRole('complementary', { name: 'Alliance chat' });
    await within(panel).findByText('Hold the <b>pass</b>');
    await user.click(within(panel).getAllByRole('button', { name: /^Moderate the message/ })[1]);
    await user.click(within(panel).getByRole('button', { name: 'Mute bob' }));
    expect(await screen.findByText('bob is muted until Nov 28, 2026, 22:55 UTC.')).toBeInTheDocument();
  });

  it('closes the input of a muted member and says until when, in words; it opens again when the mute ends', async () => {
    const until = new Date(Date.now() + 1500).toISOString();
    const { user } = await openChatOf(memberView(), 2, until);
    await user.click(await screen.findByRole('button', { name: /^Alliance chat/ }));
    const panel = await screen.findByRole('complementary', { name: 'Alliance chat' });
    const input = await within(panel).findByRole('textbox', { name: 'Message' });
    await vi.waitFor(() => expect(input).toBeDisabled());
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeDisabled();
    const note = within(panel).getByTestId('chat-muted');
    expect(note).toHaveTextContent(`The leader muted you in the alliance chat until ${formatDateTime(until)}.`);
    expect(note.textContent).toMatch(/until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/);
    expect(note.textContent).not.toContain(until);
    expect(input).toHaveAccessibleDescription(note.textContent ?? '');
    await vi.waitFor(() => expect(input).toBeEnabled(), { timeout: 3000 });
    expect(within(panel).queryByTestId('chat-muted')).not.toBeInTheDocument();
  });

  it('is not offered to a player without an alliance', async () => {
    await openAlliance(null);
    expect(screen.queryByTestId('chat-button')).not.toBeInTheDocument();
  });
});
