import { ATTENDEES_CHANGED } from '@townsquare/contracts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { attendeesQueryKey } from './api/capacity.ts';

/**
 * A host's guest list stays live: the event's room says the list changed (naming nobody) and the
 * list, when some screen shows it, is fetched again.
 */
export function registerEventsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  return listen(socket, {
    [ATTENDEES_CHANGED]: (payload) => {
      const eventId = (payload as { eventId?: unknown } | null)?.eventId;
      if (typeof eventId === 'string')
        void deps.queryClient.invalidateQueries({ queryKey: attendeesQueryKey(eventId) });
    },
  });
}
