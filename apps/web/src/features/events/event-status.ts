import type { EventStatus } from '@townsquare/contracts';

/** Which button saved the form: "Save as Draft", or "Create Event" / "Update Event". */
export type SaveAction = 'draft' | 'publish';

/**
 * Spec section 4: Save as Draft sets DRAFT; Create/Update Event sets LIVE, but PAST when the end
 * date is already before now.
 */
export function statusForSave(action: SaveAction, endDate: Date, now: Date = new Date()): EventStatus {
  if (action === 'draft') return 'DRAFT';
  return endDate.getTime() < now.getTime() ? 'PAST' : 'LIVE';
}

interface Timed {
  status: EventStatus;
  endDate: string;
}

function endsBefore(event: Timed, now: Date): boolean {
  const end = Date.parse(event.endDate);
  return Number.isFinite(end) && end < now.getTime();
}

/** Treated as past: marked PAST, or published and its end date is before now. */
export function isPastEvent(event: Timed, now: Date = new Date()): boolean {
  return event.status === 'PAST' || (event.status !== 'DRAFT' && endsBefore(event, now));
}

/** Editing an event that has ended and is not a draft shows the ended-event warning. */
export function showsEndedWarning(event: Timed, now: Date = new Date()): boolean {
  return event.status !== 'DRAFT' && endsBefore(event, now);
}

interface Owned {
  creatorId?: string | null;
  creator?: { id?: string; _id?: string } | string | null;
}

/** Spec 6: the creator is matched by creator id, creatorId or a creator string. */
export function isEventCreator(event: Owned, userId: string | null | undefined): boolean {
  if (!userId) return false;
  if (event.creatorId === userId) return true;
  const { creator } = event;
  if (typeof creator === 'string') return creator === userId;
  return Boolean(creator && (creator.id === userId || creator._id === userId));
}
