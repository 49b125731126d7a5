import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { removeMessageFromCaches } from './message-cache.ts';

const idOf = (payload: unknown, field: string): string | undefined => {
  if (!payload || typeof payload !== 'object') return undefined;
  const value = (payload as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Moderation reaches open pages: a removed message leaves every chat showing it; a hidden event
 * leaves the lists and its page (its queries are dropped and refetched, answering 404).
 */
export function registerModerationRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  const { queryClient } = deps;
  return listen(socket, {
    'message-removed': (payload) => {
      const id = idOf(payload, 'id');
      if (id) removeMessageFromCaches(queryClient, id);
    },
    'event-hidden': (payload) => {
      const eventId = idOf(payload, 'eventId');
      if (!eventId) return;
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'event', eventId] });
    },
  });
}
