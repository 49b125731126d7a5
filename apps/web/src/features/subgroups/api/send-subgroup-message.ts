import type { RoomMessage } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import type { SendInput } from '../../chat/outbox.ts';

/** POST /api/event-subgroups/:id/messages. */
export function sendSubgroupMessage(subgroupId: string, input: SendInput): Promise<RoomMessage> {
  return api.post<RoomMessage>(`/api/event-subgroups/${encodeURIComponent(subgroupId)}/messages`, input);
}
