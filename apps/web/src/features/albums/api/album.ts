import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AlbumAudience,
  AlbumPreferences,
  AlbumResponse,
  CreateRecapBody,
  EventPhoto,
  Recap,
  RecapsResponse,
} from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from '../../../lib/groups/keys.ts';
import { putFile } from '../../uploads/api/put-file.ts';
import { requestUploadUrl } from '../../uploads/api/request-upload-url.ts';

/** Query keys and paths of the albums feature (decision 075). */
export const albumKeys = {
  album: (eventId: string) => ['albums', eventId] as const,
  recaps: (eventId: string) => ['albums', eventId, 'recaps'] as const,
  recap: (id: string) => ['recaps', id] as const,
};
const albumPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/album`;
const recapsPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/recaps`;
const recapPath = (id: string) => `/api/recaps/${encodeURIComponent(id)}`;

const PAGE = 30;

/** GET /api/events/:id/album, a page at a time (oldest first). */
export function albumQueryOptions(eventId: string) {
  return infiniteQueryOptions({
    queryKey: albumKeys.album(eventId),
    queryFn: ({ pageParam, signal }) =>
      api.get<AlbumResponse>(
        `${albumPath(eventId)}?limit=${PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAlbum(eventId: string) {
  return useInfiniteQuery(albumQueryOptions(eventId));
}

/**
 * One photo through the one upload path: a signed URL for an event image, the PUT with its
 * progress, then the album names the upload (the server checks it is the caller's, stripped of
 * its metadata).
 */
export async function addPhoto(
  eventId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<EventPhoto> {
  const target = await requestUploadUrl(file, 'event-image');
  await putFile(file, target.signedUrl, onProgress);
  return (await api.post<{ photo: EventPhoto }>(albumPath(eventId), { imageUrl: target.publicUrl })).photo;
}

export function useAddPhoto(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      addPhoto(eventId, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.album(eventId) }),
  });
}

export function useRemovePhoto(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => api.delete(`${albumPath(eventId)}/${encodeURIComponent(photoId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.album(eventId) }),
  });
}

export function useSetAudience(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audience: AlbumAudience) => api.patch<AlbumResponse>(albumPath(eventId), { audience }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.album(eventId) }),
  });
}

export function useEventRecaps(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: albumKeys.recaps(eventId),
    queryFn: ({ signal }) => api.get<RecapsResponse>(recapsPath(eventId), signal),
    enabled,
  });
}

export function useCreateRecap(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateRecapBody) =>
      (await api.post<{ recap: Recap }>(recapsPath(eventId), body)).recap,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.album(eventId) }),
  });
}

/** GET /api/recaps/:id. */
export function recapQueryOptions(id: string) {
  return queryOptions({
    queryKey: albumKeys.recap(id),
    queryFn: async ({ signal }) => (await api.get<{ recap: Recap }>(recapPath(id), signal)).recap,
  });
}

export function useRecap(id: string) {
  return useQuery(recapQueryOptions(id));
}

/** DELETE /api/events/:id/album/:photoId/tags/:userId: removing one's own tag. */
export function useUntag(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, userId }: { photoId: string; userId: string }) =>
      api.delete(`${albumPath(eventId)}/${encodeURIComponent(photoId)}/tags/${encodeURIComponent(userId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.album(eventId) }),
  });
}

const PREFERENCES = '/api/users/me/album-preferences';

/** GET /api/users/me/album-preferences: photos one is tagged in shown only to attendees. */
export function useAlbumPreferences(enabled: boolean) {
  return useQuery({
    queryKey: ['albums', 'preferences'] as const,
    queryFn: ({ signal }) => api.get<AlbumPreferences>(PREFERENCES, signal),
    enabled,
  });
}

export function useSetAlbumPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlbumPreferences) => api.put<AlbumPreferences>(PREFERENCES, body),
    onSuccess: (saved) => queryClient.setQueryData(['albums', 'preferences'], saved),
  });
}

/** GET /api/communities/:slug/recaps: the recaps its organisers featured. */
export function useFeaturedRecaps(slug: string) {
  return useQuery({
    queryKey: communityKeys.featuredRecaps(slug),
    queryFn: ({ signal }) =>
      api.get<RecapsResponse>(`/api/communities/${encodeURIComponent(slug)}/recaps`, signal),
  });
}
