/**
 * The texts of the event screens that live outside the event form (spec sections 2 and 8). The
 * form itself uses `EVENT_MSG` from the contracts; these stay here so the dashboard and the event
 * page do not load the contracts' schemas just to print a sentence.
 */
export const EVENT_TEXT = {
  /** The server's 404 text, `EVENT_MSG.notFound`. */
  notFound: 'Event not found',
  loadFailed: 'Failed to load event',
  noData: 'No event data received',
  deleteFailed: 'Failed to delete event. Please try again.',
  saveFailedGeneric: 'Failed to save event. Please try again.',
  endedWarning:
    "This event's end date has already passed. Consider updating the dates or marking it as a past event.",
  noEvents: 'No events found',
  getStarted: 'Get started by creating a new event.',
  unknownCreator: 'Unknown',
  unknownUser: 'Unknown User',
  creatorNotice: 'You are the creator of this event',
  invalidDate: 'Invalid date',
  /** On a cancelled event's page and card. */
  cancelledNotice: 'This event was cancelled',
  cancelAction: 'Cancel event',
  cancelFailed: 'Could not cancel the event. Please try again.',
  cancelled: 'Event cancelled',
  restoreAction: 'Restore event',
  restoreFailed: 'Could not restore the event. Please try again.',
  restored: 'Event restored',
} as const;

/** "Failed to save event: {message}", or the generic text when there is no message to show. */
export function saveFailedMessage(message: string | undefined): string {
  return message ? `Failed to save event: ${message}` : EVENT_TEXT.saveFailedGeneric;
}
