import { signupUpdatedEvent } from '@townsquare/contracts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { putItem } from './api/cache.ts';

/** `signup-updated` (the event's room): the item as it now is goes into the cached sheet. */
export function registerSignupsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  return listen(socket, {
    'signup-updated': (payload) => {
      const parsed = signupUpdatedEvent.safeParse(payload);
      if (parsed.success)
        putItem(deps.queryClient, parsed.data.eventId, parsed.data.itemId, parsed.data.item);
    },
  });
}
