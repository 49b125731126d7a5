import type { RoomMessage } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import type { SendInput } from '../../chat/outbox.ts';
import { slugPath } from './keys.ts';

/** POST /api/communities/:slug/messages. */
export function sendCommunityMessage(slug: string, input: SendInput): Promise<RoomMessage> {
  return api.post<RoomMessage>(`${slugPath(slug)}/messages`, input);
}
