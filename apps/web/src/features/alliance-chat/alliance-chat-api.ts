import {
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  ApiRoutes,
  type AllianceChatActionResponse,
  type AllianceChatMessageDto,
  type AllianceChatMuteRequest,
  type AllianceChatResponse,
  type AllianceChatSendResponse,
  type AllianceChatUnreadResponse,
} from '@runik/contract';
import { httpClient, responseData } from '../../api/http-client';
import { useLivePollInterval } from '../../shared/live-status';

/** Without the live connection, the chat button looks for news this often. */
const UNREAD_FALLBACK_POLL_MS = 60_000;

export const allianceChatKeys = {
  all: (username: string) => ['alliance-chat', username] as const,
  history: (username: string) => ['alliance-chat', username, 'history'] as const,
  unread: (username: string) => ['alliance-chat', username, 'unread'] as const,
};

type History = InfiniteData<AllianceChatResponse, string | undefined>;

/** The channel, newest first, a page at a time along the server's cursor; loaded while the panel is open. */
export function useChatHistory(username: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: allianceChatKeys.history(username),
    queryFn: ({ pageParam }) => responseData(httpClient.get<AllianceChatResponse>(ApiRoutes.allianceChat(username, { cursor: pageParam }))),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
  });
}

/** Lines of others the player has not read; asked only of players in an alliance. */
export function useChatUnread(username: string, inAlliance: boolean) {
  return useQuery({
    queryKey: allianceChatKeys.unread(username),
    queryFn: inAlliance
      ? async () => (await responseData(httpClient.get<AllianceChatUnreadResponse>(ApiRoutes.allianceChatUnread(username)))).unreadCount
      : skipToken,
    refetchInterval: useLivePollInterval(UNREAD_FALLBACK_POLL_MS),
  });
}

/** A line into the loaded history (newest page first), once: the live event and the send's answer bring the same line. */
export function addLine(queryClient: QueryClient, username: string, line: AllianceChatMessageDto): void {
  queryClient.setQueryData<History>(allianceChatKeys.history(username), (history) => {
    if (!history || history.pages.some((page) => page.messages.some((known) => known.id === line.id))) return history;
    const [first, ...rest] = history.pages;
    const messages = [...first.messages, line].sort((x, y) => y.id - x.id);
    return { ...history, pages: [{ ...first, messages }, ...rest] };
  });
}

export function dropLine(queryClient: QueryClient, username: string, id: number): void {
  queryClient.setQueryData<History>(
    allianceChatKeys.history(username),
    (history) =>
      history && {
        ...history,
        pages: history.pages.map((page) => ({ ...page, messages: page.messages.filter((line) => line.id !== id) })),
      },
  );
}

export function useSendLine(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => responseData(httpClient.post<AllianceChatSendResponse>(ApiRoutes.allianceChat(username), { text })),
    onSuccess: ({ message }) => addLine(queryClient, username, message),
  });
}

/** Moves the read mark; the button's count follows the answer. */
export function useMarkChatRead(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => responseData(httpClient.post<AllianceChatUnreadResponse>(ApiRoutes.allianceChatRead(username), { upTo })),
    onSuccess: ({ unreadCount }) => queryClient.setQueryData(allianceChatKeys.unread(username), unreadCount),
  });
}

export function useDeleteLine(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      responseData(httpClient.post<AllianceChatActionResponse>(ApiRoutes.allianceChatDelete(username), { messageId })),
    onSuccess: (_response, messageId) => dropLine(queryClient, username, messageId),
  });
}

export function useMuteMember(username: string) {
  return useMutation({
    mutationFn: (request: AllianceChatMuteRequest) =>
      responseData(httpClient.post<AllianceChatActionResponse>(ApiRoutes.allianceChatMute(username), request)),
  });
}
