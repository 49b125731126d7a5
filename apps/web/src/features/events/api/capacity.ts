import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attendee, AttendeesResponse, EventAnnouncementInput, EventDto } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { fileName } from '../../../lib/file-name.ts';
import { replaceInLists, toPublicEvent } from '../event-cache.ts';
import { EVENT_TEXT } from '../event-texts.ts';
import { publicEventQueryKey } from './get-public-event.ts';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`;

/** Puts an `{ event }` answer in the event page's cache and in the lists. */
function useStoreEvent(eventId: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return (event: EventDto) => {
    queryClient.setQueryData(publicEventQueryKey(eventId, viewerId), toPublicEvent(event));
    replaceInLists(queryClient, event);
  };
}

async function eventOf(request: Promise<{ event?: EventDto } | undefined>): Promise<EventDto> {
  const body = await request;
  if (!body?.event) throw new DisplayError(EVENT_TEXT.noData);
  return body.event;
}

/** POST /api/events/:id/rsvp/transfer `{ toUserId }`: my place to a friend. */
export function useTransferPlace(eventId: string, viewerId: string) {
  const store = useStoreEvent(eventId, viewerId);
  return useMutation({
    mutationFn: (toUserId: string) => eventOf(api.post(`${base(eventId)}/rsvp/transfer`, { toUserId })),
    onSuccess: store,
  });
}

/** POST / DELETE /api/events/:id/cohosts/:userId (the creator only). */
export function useCohost(eventId: string, viewerId: string) {
  const store = useStoreEvent(eventId, viewerId);
  return useMutation({
    mutationFn: ({ userId, remove }: { userId: string; remove?: boolean }) => {
      const path = `${base(eventId)}/cohosts/${encodeURIComponent(userId)}`;
      return eventOf(remove ? api.delete(path) : api.post(path));
    },
    onSuccess: store,
  });
}

/** GET /api/events/:id/ticket → `{ code }` for a person going. */
export function useTicket(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['events', 'ticket', eventId],
    queryFn: async ({ signal }) => {
      const body = await api.get<{ code?: string; doorCode?: string } | undefined>(
        `${base(eventId)}/ticket`,
        signal,
      );
      if (!body?.code) throw new DisplayError(EVENT_TEXT.noData);
      return { code: body.code, doorCode: body.doorCode ?? '' };
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const attendeesQueryKey = (eventId: string) => ['events', 'attendees', eventId] as const;

/** GET /api/events/:id/attendees (hosts only). */
export function useAttendees(eventId: string) {
  return useQuery({
    queryKey: attendeesQueryKey(eventId),
    queryFn: ({ signal }) => api.get<AttendeesResponse>(`${base(eventId)}/attendees`, signal),
  });
}

/**
 * DELETE /api/events/:id/attendees/:userId (hosts only): takes the person off the list; the answer
 * is the list as it is now, with their place already offered to the first in line.
 */
export function useRemoveAttendee(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      const list = await api.delete<AttendeesResponse | undefined>(
        `${base(eventId)}/attendees/${encodeURIComponent(userId)}`,
      );
      if (!list?.attendees) throw new DisplayError(EVENT_TEXT.noData);
      return list;
    },
    onSuccess: (list) => {
      queryClient.setQueryData(attendeesQueryKey(eventId), list);
      // The page's counts and "Who is going" change with the list.
      void queryClient.invalidateQueries({ queryKey: ['events', 'public', eventId] });
    },
  });
}

/** POST /api/events/:id/announcements (hosts only): answers how many people it reached. */
export function useAnnounce(eventId: string) {
  return useMutation({
    mutationFn: async (body: EventAnnouncementInput) => {
      const answer = await api.post<{ recipients?: number } | undefined>(
        `${base(eventId)}/announcements`,
        body,
      );
      if (typeof answer?.recipients !== 'number') throw new DisplayError(EVENT_TEXT.noData);
      return answer.recipients;
    },
  });
}

/** POST /api/events/:id/check-ins `{ code }` or `{ userId }` (hosts only). */
export function useCheckIn(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { code: string } | { userId: string }) => {
      const answer = await api.post<{ checkIn?: Attendee } | undefined>(`${base(eventId)}/check-ins`, body);
      if (!answer?.checkIn) throw new DisplayError(EVENT_TEXT.noData);
      return answer.checkIn;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendeesQueryKey(eventId) }),
  });
}

/** Downloads GET /api/events/:id/attendees.csv (hosts only) as a file. */
export async function downloadAttendeesCsv(eventId: string, title: string): Promise<void> {
  const csv = await api.get<string>(`${base(eventId)}/attendees.csv`);
  // Reading the body as text drops the server's byte order mark; the file keeps one, so a
  // spreadsheet reads it as UTF-8.
  const text = String(csv ?? '').replace(/^\uFEFF/, '');
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(title, 'attendees.csv', 'event');
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
