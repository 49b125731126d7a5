import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Place, SelfUser } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { NO_PLACE_DATA } from './save-place.ts';

/** GET /api/places/:id → `{ place }`. */
export async function getPlace(id: string, signal?: AbortSignal): Promise<Place> {
  const body = await api.get<{ place?: Place } | undefined>(`/api/places/${encodeURIComponent(id)}`, signal);
  if (!body?.place) throw new DisplayError(NO_PLACE_DATA);
  return body.place;
}

export function placeQueryOptions(id: string) {
  // A place never moves: its id always names the same point.
  return queryOptions({
    queryKey: ['places', id],
    queryFn: ({ signal }) => getPlace(id, signal),
    staleTime: Infinity,
  });
}

/**
 * The signed-in person's home city: on the user when it came from /api/users/me, else looked up by
 * `homePlaceId` (the session check answers with the id only). `pending` until it is known.
 */
export function useHomePlace(user: SelfUser | null | undefined): { home: Place | null; pending: boolean } {
  const id = user?.homePlace ? null : (user?.homePlaceId ?? null);
  const query = useQuery({ ...placeQueryOptions(id ?? ''), enabled: id !== null });
  if (user?.homePlace) return { home: user.homePlace, pending: false };
  if (id === null) return { home: null, pending: false };
  return { home: query.data ?? null, pending: query.isPending };
}
