import type { Subscriber } from '../../../platform/outbox.ts';
import type { TriggerContext } from '../context.ts';

/** `community.announced` → `community_announcement`: the members, once per announcement. */
export function communityAnnounced(ctx: TriggerContext): Subscriber<'community.announced'> {
  return {
    name: 'notify-community-announcement',
    on: 'community.announced',
    handle: ({ community, actorId, memberIds, announcement }) =>
      ctx.sendMany({
        userIds: memberIds,
        kind: 'community_announcement',
        actorId,
        subject: { type: 'community', id: community.id },
        // "Runners: Saturday: bring water", each colon as the reader's language writes it.
        message: {
          key: 'notification.announcement',
          params: {
            title: community.name,
            message: {
              list: [
                {
                  key: 'notification.announcement',
                  params: { title: announcement.title, message: announcement.message },
                },
              ],
              separator: '',
            },
          },
        },
        url: `/c/${community.slug}`,
        dedupeKey: `community_announcement:${announcement.id}`,
      }),
  };
}
