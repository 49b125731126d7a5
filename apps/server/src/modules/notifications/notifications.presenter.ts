import {
  type ChannelPreferences,
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_PUSH_PREFERENCES,
  type Locale,
  type NotificationDto,
  type NotificationGroup,
  type NotificationKind,
  type NotificationSubjectType,
} from '@townsquare/contracts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { render } from '../../platform/i18n.ts';
import { type Person, presentPerson } from '../../platform/people.ts';

/**
 * The one shape of a notification: in the list and as the socket event `notification`. `locale`:
 * its text in that language, from the stored message; else the stored English text.
 */
export function presentNotification(
  row: NotificationRow,
  actor: Person | undefined,
  locale?: Locale,
): NotificationDto {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    actor: row.actorId && actor ? presentPerson(row.actorId, actor) : null,
    subject: { type: row.subjectType as NotificationSubjectType, id: row.subjectId },
    text: (locale && row.message && render(locale, row.message)) || row.text,
    url: row.url,
  };
}

export type Preferences = { email: ChannelPreferences; push: ChannelPreferences };

/** Stored choices over the defaults. */
export function preferencesOf(row: {
  notifyEmail: Record<string, boolean>;
  notifyPush: Record<string, boolean>;
}): Preferences {
  return {
    email: { ...DEFAULT_EMAIL_PREFERENCES, ...pick(row.notifyEmail) },
    push: { ...DEFAULT_PUSH_PREFERENCES, ...pick(row.notifyPush) },
  };
}

function pick(stored: Record<string, boolean>): Partial<ChannelPreferences> {
  const out: Partial<ChannelPreferences> = {};
  for (const key of Object.keys(DEFAULT_EMAIL_PREFERENCES) as NotificationGroup[])
    if (typeof stored?.[key] === 'boolean') out[key] = stored[key];
  return out;
}

/** A person a notification goes to: their address and their choices per channel. */
export type Recipient = {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  preferences: Preferences;
  /** The language e-mail and push are written in; null: not chosen (English). */
  locale?: Locale | null;
  /**
   * A guest (an answer without an account): their manage link (null for an answer confirmed
   * before links were kept) and their "never e-mail me again" link replace the settings.
   */
  guest?: { manageUrl: string | null; neverUrl: string };
};
