import type { RoomMessage } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import type { SendInput } from '../../../lib/chat/outbox.ts';

/** POST /api/event-messages/:eventId (signed in, and able to see the event). */
export function sendEventMessage(eventId: string, input: SendInput): Promise<RoomMessage> {
  return api.post<RoomMessage>(`/api/event-messages/${encodeURIComponent(eventId)}`, input);
}
