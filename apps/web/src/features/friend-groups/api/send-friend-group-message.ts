import type { RoomMessage } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import type { SendInput } from '../../chat/outbox.ts';

/** POST /api/friend-groups/:id/messages. */
export function sendFriendGroupMessage(groupId: string, input: SendInput): Promise<RoomMessage> {
  return api.post<RoomMessage>(`/api/friend-groups/${encodeURIComponent(groupId)}/messages`, input);
}
