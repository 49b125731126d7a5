import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { removeMessageFromCaches } from '../message-cache.ts';

/** DELETE /api/messages/:id: the author deletes; an event host or community organiser hides. */
export function removeMessage(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/messages/${encodeURIComponent(id)}`);
}

export function useRemoveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMessage,
    onSuccess: (_answer, id) => removeMessageFromCaches(queryClient, id),
  });
}
