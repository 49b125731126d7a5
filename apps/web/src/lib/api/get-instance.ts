import { queryOptions, useQuery } from '@tanstack/react-query';
import { type InstanceDto, MAP_TILE_DEFAULTS } from '@townsquare/contracts';
import { api } from '../api-client.ts';

/** GET /api/instance: settings of this server every screen may need (the currency of costs). */
export function getInstance(signal?: AbortSignal): Promise<InstanceDto> {
  return api.get<InstanceDto>('/api/instance', signal);
}

export function instanceQueryOptions() {
  // Changes only with a restart of the server: asked once per page load.
  return queryOptions({
    queryKey: ['instance'],
    queryFn: ({ signal }) => getInstance(signal),
    staleTime: Infinity,
  });
}

/** The ISO 4217 code costs are in; USD (the server's default) until the answer arrives. */
export function useCurrency(): string {
  return useQuery(instanceQueryOptions()).data?.currency ?? 'USD';
}

export type MapTiles = NonNullable<InstanceDto['map']>;

/** Where map tiles come from (MAP_TILE_URL) and their credit; OpenStreetMap's until the answer arrives. */
export function useMapTiles(): MapTiles {
  return useQuery(instanceQueryOptions()).data?.map ?? MAP_TILE_DEFAULTS;
}
