import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { putItem } from './cache.ts';
import { sheetPath } from './keys.ts';

/** DELETE /api/events/:id/signups/:itemId (hosts). */
export async function deleteSignup(eventId: string, itemId: string): Promise<void> {
  await api.delete(`${sheetPath(eventId)}/${encodeURIComponent(itemId)}`);
}

export function useDeleteSignup(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => deleteSignup(eventId, itemId),
    onSuccess: (_done, itemId) => putItem(queryClient, eventId, itemId, null),
  });
}
