import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlocksResponse } from '@townsquare/contracts';
import { api } from '../api-client.ts';

export const blocksQueryKey = ['blocks', 'list'] as const;

/** GET /api/users/me/blocks: everyone the signed-in person blocked, newest first. */
export function getBlocks(signal?: AbortSignal): Promise<BlocksResponse> {
  return api.get<BlocksResponse>('/api/users/me/blocks', signal);
}

export function blocksQueryOptions() {
  return queryOptions({ queryKey: blocksQueryKey, queryFn: ({ signal }) => getBlocks(signal) });
}

export function useBlocks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...blocksQueryOptions(), enabled });
}

/** Whether the signed-in person blocked `userId` (false until the list has loaded). */
export function useHasBlocked(userId: string, { enabled = true }: { enabled?: boolean } = {}): boolean {
  const blocks = useBlocks({ enabled });
  return Boolean(blocks.data?.blocks.some((b) => b.id === userId));
}
