import { type QueryKey, type UseInfiniteQueryResult, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { errorMessage } from '../api-client.ts';
import { joinRoom, type RoomSpec } from '../socket.ts';
import type { ChatItem } from './chat-item.ts';
import { appendToHistory, type ChatHistory, flattenHistory } from './history.ts';
import { type OutboxEntry, type SendInput, useOutbox } from './outbox.ts';

/** Everything a chat panel shows and does; built by `useChatThread`. */
export interface ChatThread {
  items: ChatItem[];
  outbox: OutboxEntry[];
  isPending: boolean;
  loadError: string | null;
  reload: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  send: (text: string) => boolean;
  retry: (clientMessageId: string) => void;
  discard: (clientMessageId: string) => void;
}

interface UseChatThreadOptions<T extends { id: string }> {
  query: UseInfiniteQueryResult<ChatHistory<T>>;
  queryKey: QueryKey;
  toItem: (message: T) => ChatItem;
  /** POSTs a message and answers with the stored one. */
  send: (input: SendInput) => Promise<T>;
  /** The socket room that carries this chat's new messages; null while it cannot be joined. */
  room: RoomSpec | null;
  /** After the server stored one of our messages (besides adding it to the history). */
  onSent?: (message: T) => void;
  loadErrorText: string;
}

/**
 * A chat's history (paged, de-duplicated by id), its room (joined while shown, history refetched
 * whenever the join lands late, e.g. after a reconnect) and its optimistic sends.
 */
export function useChatThread<T extends { id: string }>({
  query,
  queryKey,
  toItem,
  send,
  room,
  onSent,
  loadErrorText,
}: UseChatThreadOptions<T>): ChatThread {
  const queryClient = useQueryClient();
  const outbox = useOutbox(async (input) => {
    const message = await send(input);
    appendToHistory(queryClient, queryKey, message);
    onSent?.(message);
  });

  const roomKey = room ? JSON.stringify(room) : null;
  const historyKey = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized keys stand for `room` and `queryKey`.
  useEffect(() => {
    if (!room) return;
    return joinRoom(room, () => void queryClient.invalidateQueries({ queryKey }));
  }, [roomKey, historyKey, queryClient]);

  const items = useMemo(() => flattenHistory(query.data).map(toItem), [query.data, toItem]);
  // A send whose answer was lost but which the server stored shows once: from the history.
  const outboxEntries = useMemo(() => {
    const stored = new Set(items.map((item) => item.clientMessageId).filter(Boolean));
    return outbox.entries.filter((entry) => !stored.has(entry.clientMessageId));
  }, [items, outbox.entries]);

  return {
    items,
    outbox: outboxEntries,
    isPending: query.isPending,
    loadError: query.isError ? errorMessage(query.error, loadErrorText) : null,
    reload: () => void query.refetch(),
    hasOlder: Boolean(query.hasNextPage),
    loadingOlder: query.isFetchingNextPage,
    loadOlder: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    send: outbox.send,
    retry: outbox.retry,
    discard: outbox.discard,
  };
}
