import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { createSubjectRules } from '../access/subjects.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { GuestService } from '../guests/guests.service.ts';
import type { PollsService } from '../polls/polls.service.ts';
import type { SignupsService } from '../signups/signups.service.ts';
import { createEmailChannel } from './email-channel.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotifications } from './notifications.service.ts';
import type { NotificationChannel } from './notify.ts';

/**
 * Notifications: every one through notify() (notify.ts), delivered by the queue in the app, by
 * e-mail and on the channels given (Web Push).
 */
export async function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    canSeeEvent: (eventId: string, viewerId: string | undefined) => Promise<void>;
    canReadChannel: (userId: string, channel: string) => Promise<boolean>;
    communities: CommunitiesService;
    guests: GuestService;
    channels: NotificationChannel[];
    polls: Later<PollsService>;
    signups: Later<SignupsService>;
  },
) {
  const { config } = deps;
  const canSee = createSubjectRules({
    canSeeEvent: deps.canSeeEvent,
    communityVisibleTo: (communityId, userId) => deps.communities.isVisibleTo(communityId, userId),
    canReadChannel: deps.canReadChannel,
    pollVisibleTo: (pollId, userId) => deps.polls().canSeeById(pollId, userId),
  });
  const notifications = createNotifications({
    db: deps.db,
    publisher: deps.publisher,
    jobs: deps.jobs,
    log: app.log,
    links: deps.links,
    reminderLeadTimes: config.reminderLeadTimes,
    dmEmailDelay: config.dmEmailDelay,
    membersNotifiedOfEvents: (communityId) => deps.communities.membersNotifiedOfEvents(communityId),
    bringing: (event) => deps.signups().bringing(event),
    canSee,
    guestRecipients: (guestIds) => deps.guests.recipients(guestIds),
    channels: [
      createEmailChannel({
        mailer: deps.mailer,
        publicUrl: config.publicUrl,
        links: deps.links,
        dmDelaySeconds: Math.round(config.dmEmailDelay / 1000),
      }),
      ...deps.channels,
    ],
  });
  // The notification triggers are domain-event subscribers, one file each (decision 065).
  for (const subscriber of notifications.subscribers) deps.outbox.subscribe(subscriber);
  notificationsRoutes(app, notifications, deps.guards);
  deps.onStart(() => notifications.start());
  return notifications;
}
