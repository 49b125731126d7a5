import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollKeys, pollPath } from './keys.ts';

/** POST /api/polls/:id/finalize { optionId, status } → { event }: the kept date becomes the event. */
export async function finalizePoll(
  id: string,
  body: { optionId: string; status: 'DRAFT' | 'LIVE' },
): Promise<EventDto> {
  return (await api.post<{ event: EventDto }>(`${pollPath(id)}/finalize`, body)).event;
}

export function useFinalizePoll(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { optionId: string; status: 'DRAFT' | 'LIVE' }) => finalizePoll(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pollKeys.detail(id) }),
  });
}
