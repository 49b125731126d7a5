import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupItem } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { putItem } from './cache.ts';
import { sheetPath } from './keys.ts';

export type AddSignupBody = {
  name: string;
  note?: string;
  kind: 'quantity' | 'slot';
  quantity: number;
  startsAt?: string;
  endsAt?: string;
};

/** POST /api/events/:id/signups → 201 { item } (hosts). */
export async function addSignup(eventId: string, body: AddSignupBody): Promise<SignupItem> {
  return (await api.post<{ item: SignupItem }>(sheetPath(eventId), body)).item;
}

export function useAddSignup(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddSignupBody) => addSignup(eventId, body),
    onSuccess: (item) => putItem(queryClient, eventId, item.id, item),
  });
}
