import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupItem } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { putItem } from './cache.ts';
import { sheetPath } from './keys.ts';

/** PUT /api/events/:id/signups/:itemId/claim { quantity } (0 removes the claim). */
export async function claimSignup(eventId: string, itemId: string, quantity: number): Promise<SignupItem> {
  return (
    await api.put<{ item: SignupItem }>(`${sheetPath(eventId)}/${encodeURIComponent(itemId)}/claim`, {
      quantity,
    })
  ).item;
}

export function useClaimSignup(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: string; quantity: number }) =>
      claimSignup(eventId, itemId, quantity),
    onSuccess: (item) => putItem(queryClient, eventId, item.id, item),
  });
}
