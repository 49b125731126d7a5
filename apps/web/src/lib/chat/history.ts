import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api } from '../api-client.ts';

/**
 * Chat history as every chat endpoint serves it: a page is a bare array, oldest first, and the
 * cursor of the page before it travels in the `X-Next-Before` header (absent on the oldest page).
 * A history is a TanStack infinite query whose first page is the newest one.
 */
export interface MessagePage<T> {
  messages: T[];
  nextBefore: string | null;
}

export type ChatHistory<T> = InfiniteData<MessagePage<T>, unknown>;

/** GET one page of `path`, older than the message `before` when given. */
export async function fetchMessagePage<T>(
  path: string,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<MessagePage<T>> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  const { data, headers } = await api.getWithHeaders<T[] | undefined>(`${path}${query}`, signal);
  return { messages: Array.isArray(data) ? data : [], nextBefore: headers.get('X-Next-Before') };
}

/**
 * The history query of the chat at `path`, cached under `queryKey`: every chat's, one paging.
 * Histories are refetched whenever a chat opens again: while it was closed its room was left, so
 * the cache may have missed messages.
 */
export function historyQueryOptions<T, K extends QueryKey>(queryKey: K, path: string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchMessagePage<T>(path, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: MessagePage<T>) => page.nextBefore ?? undefined,
    staleTime: 0,
  });
}

/** Keeps the first of each id, in order. */
export function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/** Every loaded message, oldest first, each id once. */
export function flattenHistory<T extends { id: string }>(data: ChatHistory<T> | undefined): T[] {
  if (!data) return [];
  return uniqueById([...data.pages].reverse().flatMap((page) => page.messages));
}

/**
 * Appends `message` to the newest page of a cached history, unless it is already there (a socket
 * echo of a message we also got from the POST, or a refetch that raced the socket). A history that
 * is not cached is left alone: it will be fetched whole when it is shown.
 */
export function appendToHistory<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  message: T,
): void {
  queryClient.setQueryData<ChatHistory<T>>(queryKey, (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    const first = newest ?? { messages: [], nextBefore: null };
    return { ...data, pages: [{ ...first, messages: [...first.messages, message] }, ...older] };
  });
}
