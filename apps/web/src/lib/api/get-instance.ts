import { queryOptions, useQuery } from '@tanstack/react-query';
import { type InstanceDto, MAP_TILE_DEFAULTS } from '@townsquare/contracts';
import { api } from '../api-client.ts';

/** GET /api/instance: settings of this server every screen may need (name, language, zone, currency). */
export function getInstance(signal?: AbortSignal): Promise<InstanceDto> {
  return api.get<InstanceDto>('/api/instance', signal);
}

export function instanceQueryOptions() {
  // Changes seldom (a restart, or an admin's save, which refreshes it): asked once per page load.
  return queryOptions({
    queryKey: ['instance'],
    queryFn: ({ signal }) => getInstance(signal),
    staleTime: Infinity,
  });
}

/**
 * The ISO 4217 code costs are in: the hosting community's own when it chose one (decision 082),
 * else the instance's; USD (the server's default) until the answer arrives.
 */
export function useCurrency(community?: { currency?: string | null } | null): string {
  const instance = useQuery(instanceQueryOptions()).data?.currency ?? 'USD';
  return community?.currency || instance;
}

export type MapTiles = NonNullable<InstanceDto['map']>;

/** Where map tiles come from (MAP_TILE_URL) and their credit; OpenStreetMap's until the answer arrives. */
export function useMapTiles(): MapTiles {
  return useQuery(instanceQueryOptions()).data?.map ?? MAP_TILE_DEFAULTS;
}
