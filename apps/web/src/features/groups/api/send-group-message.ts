import type { RoomMessage } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import type { SendInput } from '../../../lib/chat/outbox.ts';
import { type GroupRef, groupPath } from '../../../lib/groups/kinds.ts';

/** POST /api/<kind>/:idOrSlug/messages. */
export function sendGroupMessage(group: GroupRef, input: SendInput): Promise<RoomMessage> {
  return api.post<RoomMessage>(`${groupPath(group)}/messages`, input);
}
