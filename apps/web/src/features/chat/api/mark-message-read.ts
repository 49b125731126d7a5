import { api } from '../../../lib/api-client.ts';

/** POST /api/messages/:messageId/read, for a message that arrives while its thread is on screen. */
export function markMessageRead(messageId: string): Promise<{ id: string; read: true }> {
  return api.post<{ id: string; read: true }>(`/api/messages/${encodeURIComponent(messageId)}/read`);
}
