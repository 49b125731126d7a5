import type { Place, PlaceCandidate } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';

export const NO_PLACE_DATA = 'No place returned from server';

/**
 * The saved place for a picked search answer: itself when it has an id, else `POST /api/places`
 * with its name and point (the server answers with the one shared place for that city).
 */
export async function savePlace(candidate: PlaceCandidate): Promise<Place> {
  if (candidate.id && candidate.createdAt)
    return { ...candidate, id: candidate.id, createdAt: candidate.createdAt };
  const body = await api.post<{ place?: Place } | undefined>('/api/places', {
    name: candidate.name,
    lat: candidate.lat,
    lon: candidate.lon,
    ...(candidate.address ? { address: candidate.address } : {}),
  });
  if (!body?.place?.id) throw new DisplayError(NO_PLACE_DATA);
  return body.place;
}
