import type { Subscriber } from '../../../platform/outbox.ts';
import type { TriggerContext } from '../context.ts';
import { communityAnnounced } from './community-announced.ts';
import { eventAnnounced } from './event-announced.ts';
import { eventCancelled } from './event-cancelled.ts';
import { eventChanged } from './event-changed.ts';
import { friendAccepted } from './friend-accepted.ts';
import { friendRequested } from './friend-requested.ts';
import { memberApproved } from './member-approved.ts';
import { memberInvited } from './member-invited.ts';
import { memberRequested } from './member-requested.ts';
import { messageStored } from './message-stored.ts';
import { rsvpChanged } from './rsvp-changed.ts';

/**
 * The notification triggers, one domain-event subscriber each (decision 065): a new one is a file
 * here and a line below.
 */
export const notificationSubscribers = (ctx: TriggerContext): Subscriber[] => [
  rsvpChanged(ctx),
  eventChanged(ctx),
  eventCancelled(ctx),
  eventAnnounced(ctx),
  friendRequested(ctx),
  friendAccepted(ctx),
  memberRequested(ctx),
  memberApproved(ctx),
  memberInvited(ctx),
  communityAnnounced(ctx),
  messageStored(ctx),
];
