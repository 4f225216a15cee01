import { useMyAlliance } from '../../shared/my-alliance';
import { BarIcon } from '../../ui/icons/BarIcon';
import { UnreadBadge } from '../../ui/UnreadBadge';
import { useChatUnread } from './alliance-chat-api';
import { CHAT_PANEL_ID, useChatPanel } from './chat-panel-state';
import { useChatEvents } from './use-chat-events';

function buttonLabel(unread: number): string {
  if (unread === 0) return 'Alliance chat: no unread messages';
  return `Alliance chat: ${unread} unread message${unread === 1 ? '' : 's'}`;
}

/** The alliance chat's entry in the bar, for players in an alliance: opens or closes the panel, with the unread count. */
export function ChatButton({ hiveUsername }: { hiveUsername: string }) {
  const alliance = useMyAlliance(hiveUsername).data;
  const { open, setOpen } = useChatPanel();
  const unread = useChatUnread(hiveUsername, Boolean(alliance)).data ?? 0;
  useChatEvents(hiveUsername, open);
  if (!alliance) return null;
  return (
    <button
      type="button"
      className={open ? 'navbar__bell navbar__chat active' : 'navbar__bell navbar__chat'}
      aria-label={buttonLabel(unread)}
      aria-expanded={open}
      aria-controls={CHAT_PANEL_ID}
      data-testid="chat-button"
      onClick={() => setOpen(!open)}
    >
      <BarIcon path="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5Z" />
      <UnreadBadge count={unread} testId="chat-unread-count" />
    </button>
  );
}
