import type { MessageRow } from '../../../db/schema/index.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import { type Person, people } from '../../../platform/people.ts';
import { findMessage } from '../../access/rooms.ts';
import { displayName, type TriggerContext } from '../context.ts';
import * as repo from '../notifications.repository.ts';
import * as q from '../triggers.repository.ts';

const MENTION = /(?:^|[^\w@])@([a-z0-9_]{3,30})\b/gi;

/**
 * `message.stored` → `direct_message` (one per conversation per DM_EMAIL_DELAY window) and
 * `mention` (each person named with @ in any room, once per message).
 */
export function messageStored(ctx: TriggerContext): Subscriber<'message.stored'> {
  return {
    name: 'notify-message',
    on: 'message.stored',
    handle: ({ messageId }) => tellMessage(ctx, messageId),
  };
}

export async function tellMessage(ctx: TriggerContext, messageId: string): Promise<void> {
  const { db } = ctx.deps;
  const row = await findMessage(db, messageId);
  const sender = row?.senderId ? (await people(db, [row.senderId])).get(row.senderId) : undefined;
  // Deleted since (with its sender's account): nothing to tell.
  if (row && sender) await messageNotifications(ctx, row, sender);
}

async function channelUrl(ctx: TriggerContext, channel: string): Promise<string> {
  const { db } = ctx.deps;
  const [type, id] = channel.split(':');
  if (type === 'event' && id) return `/event/${id}`;
  if (type === 'community' && id) return `/c/${(await q.communitySlug(db, id)) ?? ''}`;
  if (type === 'subgroup' && id) {
    const eventId = await q.subgroupEventId(db, id);
    return eventId ? `/event/${eventId}` : '/dashboard';
  }
  if (type === 'group') return '/friends';
  return '/dashboard';
}

async function messageNotifications(ctx: TriggerContext, row: MessageRow, sender: Person) {
  if (row.receiverId) {
    const window = Math.floor(row.createdAt.getTime() / ctx.deps.dmEmailDelay);
    await ctx.send({
      userId: row.receiverId,
      kind: 'direct_message',
      actorId: sender.id,
      subject: { type: 'user', id: sender.id },
      message: { key: 'notification.directMessage', params: { name: displayName(sender) } },
      url: `/messages/${sender.id}`,
      dedupeKey: `direct_message:${sender.id}:${window}`,
    });
    return;
  }
  const names = [...row.content.matchAll(MENTION)].map((m) => (m[1] as string).toLowerCase());
  const unique = [...new Set(names)].slice(0, 10);
  if (unique.length === 0) return;
  const ids = await repo.userIdsByUsername(ctx.deps.db, unique);
  if (ids.length === 0) return;
  const url = await channelUrl(ctx, row.channel);
  const excerpt = row.content.length > 80 ? `${row.content.slice(0, 77)}...` : row.content;
  for (const userId of ids)
    await ctx.send({
      userId,
      kind: 'mention',
      actorId: sender.id,
      subject: { type: 'chat', id: row.channel },
      message: { key: 'notification.mention', params: { name: displayName(sender), excerpt } },
      url,
      dedupeKey: `mention:${row.id}`,
    });
}
