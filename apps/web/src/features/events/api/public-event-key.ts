/**
 * The public event's query key, on its own: the entry chunk (main.tsx, which seeds a server-rendered
 * event page's data) needs the key, not the request code and texts of get-public-event.ts.
 * The page's copy depends on who looks (`myRsvp`, private events), so the viewer is in the key.
 */
export const publicEventQueryKey = (eventId: string, viewerId: string | null = null) =>
  ['events', 'public', eventId, viewerId ?? 'anonymous'] as const;
