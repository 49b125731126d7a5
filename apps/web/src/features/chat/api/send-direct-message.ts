import type { DirectMessage } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import type { SendInput } from '../../../lib/chat/outbox.ts';

/** POST /api/messages (friends only); a resend with the same clientMessageId is stored once. */
export function sendDirectMessage(receiver: string, input: SendInput): Promise<DirectMessage> {
  return api.post<DirectMessage>('/api/messages', { receiver, ...input });
}
