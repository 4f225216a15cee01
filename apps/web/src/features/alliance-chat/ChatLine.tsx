import { useState } from 'react';
import { ALLIANCE_CHAT_MUTE_MINUTES, type AllianceChatMessageDto, type AllianceChatMuteMinutes } from '@runik/contract';
import { apiErrorMessage } from '../../api/http-client';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useShowToast } from '../../ui/Toasts';
import { useDeleteLine, useMuteMember } from './alliance-chat-api';

const MUTE_LABELS: Record<AllianceChatMuteMinutes, string> = { 10: '10 minutes', 60: '1 hour', 1440: '1 day', 10080: '1 week' };

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

interface ChatLineProps {
  line: AllianceChatMessageDto;
  hiveUsername: string;
  isLeader: boolean;
}

/** One line: a system line in italics, a member's with their name; the text as typed (React escapes it: markup shows as text). */
export function ChatLine({ line, hiveUsername, isLeader }: ChatLineProps) {
  const [moderating, setModerating] = useState(false);
  const mine = line.author === hiveUsername;
  return (
    <li className={line.author === null ? 'chat-line chat-line--system' : mine ? 'chat-line chat-line--mine' : 'chat-line'}>
      <div className="chat-line__head">
        {line.author !== null && <span className="chat-line__author">{line.author}</span>}
        <time className="chat-line__time" dateTime={line.createdAt}>
          {timeOf(line.createdAt)}
        </time>
        {isLeader && (
          <button
            type="button"
            className="chat-line__moderate"
            aria-expanded={moderating}
            aria-label={`Moderate the message of ${timeOf(line.createdAt)}`}
            onClick={() => setModerating(!moderating)}
          >
            …
          </button>
        )}
      </div>
      <p className="chat-line__text">{line.text}</p>
      {moderating && <Moderation line={line} hiveUsername={hiveUsername} onDone={() => setModerating(false)} />}
    </li>
  );
}

function Moderation({ line, hiveUsername, onDone }: { line: AllianceChatMessageDto; hiveUsername: string; onDone: () => void }) {
  const [minutes, setMinutes] = useState<AllianceChatMuteMinutes>(60);
  const confirm = useConfirm();
  const showToast = useShowToast();
  const deleteLine = useDeleteLine(hiveUsername);
  const mute = useMuteMember(hiveUsername);
  const author = line.author;
  // The answer is told through the promise: these controls close at once, and a mutate's own callbacks die with them.
  const report = (answer: Promise<{ message: string }>) =>
    void answer.then(
      ({ message }) => showToast(message),
      (error: unknown) => showToast(apiErrorMessage(error), 'error'),
    );

  const remove = async () => {
    if (!(await confirm('Delete this message for everyone?'))) return;
    onDone();
    report(deleteLine.mutateAsync(line.id));
  };
  const silence = () => {
    if (author === null) return;
    onDone();
    report(mute.mutateAsync({ targetUsername: author, minutes }));
  };

  return (
    <div className="chat-line__moderation">
      <button type="button" className="button button--danger button--small" onClick={() => void remove()}>
        Delete
      </button>
      {author !== null && author !== hiveUsername && (
        <>
          <select
            className="chat-line__duration"
            aria-label={`How long to mute ${author}`}
            value={minutes}
            onChange={(event) => setMinutes(Number(event.target.value) as AllianceChatMuteMinutes)}
          >
            {ALLIANCE_CHAT_MUTE_MINUTES.map((choice) => (
              <option key={choice} value={choice}>
                {MUTE_LABELS[choice]}
              </option>
            ))}
          </select>
          <button type="button" className="button button--small" onClick={silence}>
            Mute {author}
          </button>
        </>
      )}
    </div>
  );
}
