import { HttpError } from '../../platform/errors.ts';

/** What the subject rules ask of the modules that own each kind of subject. */
export type SubjectAccess = {
  /** Resolves when the user may see the event; throws otherwise. */
  canSeeEvent: (eventId: string, userId: string) => Promise<void>;
  communityVisibleTo: (communityId: string, userId: string) => Promise<boolean>;
  /** The chat channel reader (modules/chat/rooms.ts): the same rules as joining its room. */
  canReadChannel: (userId: string, channel: string) => Promise<boolean>;
  pollVisibleTo: (pollId: string, userId: string) => Promise<boolean>;
};

/** Chats a notification may be about: a direct conversation is never one. */
const CHAT_SUBJECT = /^(general|event|subgroup|group|community)(:|$)/;

/**
 * May the user see what a notification is about? Events by `visibleTo`, communities by membership
 * and visibility, chats by room access, polls by the poll's rule; people and the reporter's own
 * reports always; anything else never.
 */
export function createSubjectRules(access: SubjectAccess) {
  return async function canSeeSubject(
    userId: string,
    subject: { type: string; id: string },
  ): Promise<boolean> {
    switch (subject.type) {
      case 'event':
        // The rule throws an HttpError (404) for "not for you"; anything else (a database error)
        // is not an answer and goes up, so that the job sending the notification is retried.
        return access.canSeeEvent(subject.id, userId).then(
          () => true,
          (err: unknown) => {
            if (err instanceof HttpError && err.statusCode < 500) return false;
            throw err;
          },
        );
      case 'community':
        return access.communityVisibleTo(subject.id, userId);
      case 'chat':
        return CHAT_SUBJECT.test(subject.id) && access.canReadChannel(userId, subject.id);
      case 'poll':
        return access.pollVisibleTo(subject.id, userId);
      case 'user':
        return true;
      // Only ever sent to the person who reported (moderation).
      case 'report':
        return true;
      // Only ever sent to the two sides of the sponsorship, read in its transaction (decision 074).
      case 'sponsorship':
        return true;
      default:
        return false;
    }
  };
}
