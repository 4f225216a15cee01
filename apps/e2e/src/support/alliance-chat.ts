import type { Socket } from 'socket.io-client';
import { ALLIANCE_CHAT_DELETED_EVENT, ALLIANCE_CHAT_EVENT, ApiRoutes } from '@runik/contract';
import type { AllianceChatDeletedEvent, AllianceChatEvent, AllianceChatMessageDto, AllianceChatResponse } from '@runik/contract';
import type { CityPlayer } from './city';
import { listen } from './push';

/** A connected socket that records the alliance chat's lines and deletions it hears. */
export interface ChatListener {
  socket: Socket;
  lines: AllianceChatEvent[];
  deleted: AllianceChatDeletedEvent[];
  /** Resolves with the first line (heard already or from now on) whose text is `text`. */
  line(text: string, timeoutMs?: number): Promise<AllianceChatEvent>;
}

export async function listenToChat(apiUrl: string, token: string): Promise<ChatListener> {
  const { socket } = await listen(apiUrl, { token });
  const lines: AllianceChatEvent[] = [];
  const deleted: AllianceChatDeletedEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on(ALLIANCE_CHAT_EVENT, (line: AllianceChatEvent) => {
    lines.push(line);
    for (const wake of waiters) wake();
  });
  socket.on(ALLIANCE_CHAT_DELETED_EVENT, (event: AllianceChatDeletedEvent) => deleted.push(event));
  const line = (text: string, timeoutMs = 5000) =>
    new Promise<AllianceChatEvent>((resolve, reject) => {
      const check = () => {
        const found = lines.find((heard) => heard.text === text);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no chat line "${text}" within ${timeoutMs} ms (heard ${lines.length})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { socket, lines, deleted, line };
}

/** Sends a message; the response as it came (status and body). */
export function say(player: CityPlayer, text: unknown) {
  return player.api.post(ApiRoutes.allianceChat(player.username), { text });
}

/** One page of the player's alliance chat; throws unless it answers 200. */
export async function chatPage(player: CityPlayer, options: { cursor?: string; limit?: number } = {}): Promise<AllianceChatResponse> {
  const response = await player.api.get<AllianceChatResponse>(ApiRoutes.allianceChat(player.username, options));
  if (response.status !== 200) throw new Error(`chat of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/** The whole channel as the player reads it, newest first, page by page. */
export async function wholeChat(player: CityPlayer, limit = 100): Promise<AllianceChatMessageDto[]> {
  const lines: AllianceChatMessageDto[] = [];
  let cursor: string | undefined;
  do {
    const page = await chatPage(player, { cursor, limit });
    lines.push(...page.messages);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return lines;
}
