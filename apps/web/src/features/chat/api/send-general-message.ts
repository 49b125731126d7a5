import type { RoomMessage } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import type { SendInput } from '../../../lib/chat/outbox.ts';

/** POST /api/group-messages. */
export function sendGeneralMessage(input: SendInput): Promise<RoomMessage> {
  return api.post<RoomMessage>('/api/group-messages', input);
}
