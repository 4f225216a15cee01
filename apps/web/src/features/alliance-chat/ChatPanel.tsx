import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { ALLIANCE_CHAT_RATE_LIMIT, ALLIANCE_CHAT_RETENTION_DAYS, ALLIANCE_CHAT_TEXT_MAX, AllianceChatMessages } from '@runik/contract';
import { formatDateTime } from '../../shared/format';
import { useMyAlliance } from '../../shared/my-alliance';
import { apiErrorMessage, axiosErrorOf } from '../../api/http-client';
import { useChatHistory, useMarkChatRead, useSendLine } from './alliance-chat-api';
import { CHAT_PANEL_ID, useChatPanel } from './chat-panel-state';
import { ChatLine } from './ChatLine';
import './alliance-chat.css';

/** What a refused send says: the server's message, with the wait a 429 names. */
function sendError(error: unknown): string {
  const message = apiErrorMessage(error, AllianceChatMessages.failedSend);
  const wait: unknown = (axiosErrorOf(error)?.response?.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof wait === 'number' ? `${message} Try again in ${wait} s.` : message;
}

/** What a muted member reads under the closed input: the mute's end in their own time zone. */
export const mutedNote = (untilIso: string) => `The leader muted you in the alliance chat until ${formatDateTime(untilIso)}.`;

/**
 * The alliance chat: a full screen on a phone, a column beside the page on a desktop (the page
 * makes room for it: nothing of the game is covered). Oldest line at the top, older pages on demand,
 * the newest kept in view as they arrive; what is shown is marked read.
 */
export function ChatPanel({ hiveUsername }: { hiveUsername: string }) {
  const { open, setOpen } = useChatPanel();
  const alliance = useMyAlliance(hiveUsername).data;
  if (!open || !alliance) return null;
  return (
    <OpenChatPanel hiveUsername={hiveUsername} allianceName={alliance.name} isLeader={alliance.isLeader} onClose={() => setOpen(false)} />
  );
}

interface OpenChatPanelProps {
  hiveUsername: string;
  allianceName: string;
  isLeader: boolean;
  onClose: () => void;
}

const MUTED_NOTE_ID = 'chat-panel-muted';

/** Whether a mute ending at `mutedUntil` (ISO) still holds; it renders again when the mute ends. */
function useMuted(mutedUntil: string | null): boolean {
  const [, setEnded] = useState(0);
  const endsAt = mutedUntil === null ? Number.NaN : Date.parse(mutedUntil);
  useEffect(() => {
    const wait = endsAt - Date.now();
    if (!(wait > 0)) return;
    const timer = setTimeout(() => setEnded((count) => count + 1), wait + 100);
    return () => clearTimeout(timer);
  }, [endsAt]);
  return endsAt > Date.now();
}

function OpenChatPanel({ hiveUsername, allianceName, isLeader, onClose }: OpenChatPanelProps) {
  const history = useChatHistory(hiveUsername, true);
  const send = useSendLine(hiveUsername);
  const { mutate: markRead } = useMarkChatRead(hiveUsername);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const lines = (history.data?.pages ?? []).flatMap((page) => page.messages).reverse();
  const newestId = lines.at(-1)?.id;
  const mutedUntil = history.data?.pages[0]?.mutedUntil ?? null;
  // Muted: the input is closed until the mute's end (the clock opens it again), with the reason under it.
  const muted = useMuted(mutedUntil);

  // What is shown is read.
  useEffect(() => {
    if (newestId !== undefined) markRead(newestId);
  }, [newestId, markRead]);

  // The newest line stays in view as lines arrive (older pages load above without moving it).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return;
    setError(null);
    send.mutate(trimmed, {
      onSuccess: () => setText(''),
      onError: (failure) => {
        setError(sendError(failure));
        // A mute set since the history was read: read it again, so the input closes with the mute's end.
        if (axiosErrorOf(failure)?.response?.status === 403) void history.refetch();
      },
    });
  };

  return (
    <aside id={CHAT_PANEL_ID} className="chat-panel" aria-label="Alliance chat" data-testid="chat-panel">
      <header className="chat-panel__header">
        <h2 className="chat-panel__title">{allianceName}</h2>
        <button type="button" className="button button--small" onClick={onClose}>
          Close
        </button>
      </header>
      <details className="chat-panel__rules">
        <summary>Chat rules</summary>
        <p>
          Messages are kept {ALLIANCE_CHAT_RETENTION_DAYS} days. Each may be {ALLIANCE_CHAT_TEXT_MAX} characters on one line; up to{' '}
          {ALLIANCE_CHAT_RATE_LIMIT.messages} every {ALLIANCE_CHAT_RATE_LIMIT.windowSeconds} seconds. Write @name to call a member. The
          leader may delete any message and mute a member for 10 minutes, an hour, a day or a week.
        </p>
      </details>
      <ol ref={listRef} className="chat-panel__lines" aria-label="Messages" aria-live="polite">
        {history.hasNextPage && (
          <li className="chat-panel__older">
            <button
              type="button"
              className="button button--small"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              Load older messages
            </button>
          </li>
        )}
        {history.isPending && <li className="chat-panel__note">Loading…</li>}
        {history.isError && (
          <li className="chat-panel__note" role="alert">
            {apiErrorMessage(history.error, AllianceChatMessages.failedLoad)}
          </li>
        )}
        {history.isSuccess && lines.length === 0 && <li className="chat-panel__note">No messages yet. Say hello!</li>}
        {lines.map((line) => (
          <ChatLine key={line.id} line={line} hiveUsername={hiveUsername} isLeader={isLeader} />
        ))}
      </ol>
      <form className="chat-panel__form" onSubmit={submit}>
        {muted && mutedUntil !== null && (
          <p className="chat-panel__note" id={MUTED_NOTE_ID} data-testid="chat-muted">
            {mutedNote(mutedUntil)}
          </p>
        )}
        {error && !muted && (
          <p className="chat-panel__error" role="alert">
            {error}
          </p>
        )}
        <div className="chat-panel__compose">
          <input
            className="chat-panel__input"
            aria-label="Message"
            placeholder="Message your alliance (@name to call someone)"
            maxLength={ALLIANCE_CHAT_TEXT_MAX}
            disabled={muted}
            aria-describedby={muted ? MUTED_NOTE_ID : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={muted || send.isPending || text.trim() === ''}>
            Send
          </button>
        </div>
      </form>
    </aside>
  );
}
