import { useEffect, useEffectEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ALLIANCE_CHAT_DELETED_EVENT, ALLIANCE_CHAT_EVENT, type AllianceChatDeletedEvent, type AllianceChatEvent } from '@runik/contract';
import { useLiveSocket } from '../../shared/live-socket';
import { addLine, allianceChatKeys, dropLine, useMarkChatRead } from './alliance-chat-api';

/**
 * The chat's lines as they come on the live connection: into the loaded history, and into the
 * unread count, or read at once while the panel is open and the page in view. On every (re)connection
 * the history and count are fetched again (lines sent while it was down are stored).
 */
export function useChatEvents(username: string, panelOpen: boolean): void {
  const socket = useLiveSocket();
  const queryClient = useQueryClient();
  const { mutate: markRead } = useMarkChatRead(username);

  const onLine = useEffectEvent((line: AllianceChatEvent) => {
    addLine(queryClient, username, { id: line.id, author: line.author, text: line.text, createdAt: line.createdAt });
    if (line.author === username) return;
    if (panelOpen && document.visibilityState === 'visible') markRead(line.id);
    else queryClient.setQueryData<number>(allianceChatKeys.unread(username), (count) => (count ?? 0) + 1);
  });
  const onDeleted = useEffectEvent(({ id }: AllianceChatDeletedEvent) => dropLine(queryClient, username, id));
  const onConnect = useEffectEvent(() => void queryClient.invalidateQueries({ queryKey: allianceChatKeys.all(username) }));

  useEffect(() => {
    if (!socket) return;
    socket.on(ALLIANCE_CHAT_EVENT, onLine);
    socket.on(ALLIANCE_CHAT_DELETED_EVENT, onDeleted);
    socket.on('connect', onConnect);
    return () => {
      socket.off(ALLIANCE_CHAT_EVENT, onLine);
      socket.off(ALLIANCE_CHAT_DELETED_EVENT, onDeleted);
      socket.off('connect', onConnect);
    };
  }, [socket]);
}
