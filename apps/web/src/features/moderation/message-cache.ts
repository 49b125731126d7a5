import type { QueryClient } from '@tanstack/react-query';

type Paged = { pages: { messages: { id: string }[] }[] };

function isHistory(data: unknown): data is Paged {
  if (!data || typeof data !== 'object' || !('pages' in data)) return false;
  const { pages } = data as { pages: unknown };
  return (
    Array.isArray(pages) &&
    pages.every((p) => p && typeof p === 'object' && Array.isArray((p as { messages?: unknown }).messages))
  );
}

/**
 * Drops a message from every cached chat history, whatever the kind of chat: a moderator removed
 * it (or its author deleted it). Histories are the infinite queries whose pages carry `messages`.
 */
export function removeMessageFromCaches(queryClient: QueryClient, id: string): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (!isHistory(data)) continue;
    if (!data.pages.some((page) => page.messages.some((m) => m.id === id))) continue;
    queryClient.setQueryData(query.queryKey, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, messages: page.messages.filter((m) => m.id !== id) })),
    });
  }
}
