import type { Context } from '@fedify/fedify';
import { Accept, Create, Join, Mention, Note, type Recipient, Reject, TentativeAccept } from '@fedify/vocab';
import type { FederationAttendeeRow } from '../../db/schema/index.ts';
import { escapeHtml } from '../../platform/mail/templates.ts';

/**
 * What a community's Group says to one remote person (decision 080): the answer to their `Join`
 * (`Accept`: going; `TentativeAccept`: in line; `Reject`: refused) and direct `Note`s (only
 * they are addressed, mentioned by handle: a direct message on Mastodon) with their place in
 * line, a place offered, a changed time or place, a cancellation. Each goes through the library's
 * queue, signed by the Group, to the person's own inbox.
 */

export type Answer = 'accept' | 'tentative' | 'reject';
const ANSWERS = { accept: Accept, tentative: TentativeAccept, reject: Reject } as const;

/** Where one remote person is reached (a stored attendee or the actor of an activity). */
export function recipientOf(
  row: Pick<FederationAttendeeRow, 'actorUri' | 'inbox' | 'sharedInbox'>,
): Recipient {
  return {
    id: new URL(row.actorUri),
    inboxId: new URL(row.inbox),
    endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
  };
}

/** `Accept`, `TentativeAccept` or `Reject` of a person's `Join` of an event, from its Group. */
export async function answerJoin(
  ctx: Context<void>,
  to: { slug: string; event: URL; recipient: Recipient; joinId: string | null },
  answer: Answer,
  /** Makes the answer's id: a repeated delivery of the same answer repeats the id. */
  key: string,
): Promise<void> {
  const group = ctx.getActorUri(to.slug);
  const actor = to.recipient.id;
  if (!actor) return;
  const Kind = ANSWERS[answer];
  await ctx.sendActivity(
    { identifier: to.slug },
    to.recipient,
    new Kind({
      id: new URL(`#${answer}-${encodeURIComponent(key)}`, to.event),
      actor: group,
      object: new Join({ id: to.joinId ? new URL(to.joinId) : null, actor, object: to.event }),
      to: actor,
    }),
  );
}

/** A direct `Note` (in a `Create`) from the event's Group to one person, naming them. */
export async function directNote(
  ctx: Context<void>,
  to: { slug: string; event: URL; recipient: Recipient; handle: string },
  text: string,
  key: string,
): Promise<void> {
  const group = ctx.getActorUri(to.slug);
  const actor = to.recipient.id;
  if (!actor) return;
  const id = new URL(`#note-${encodeURIComponent(key)}`, to.event);
  const mention = `<span class="h-card"><a href="${escapeHtml(actor.href)}" class="u-url mention">${escapeHtml(to.handle)}</a></span>`;
  const note = new Note({
    id,
    attribution: group,
    to: actor,
    content: `<p>${mention} ${linkify(escapeHtml(text))}</p>`,
    tags: [new Mention({ href: actor, name: to.handle })],
    contexts: [to.event],
    url: to.event,
  });
  await ctx.sendActivity(
    { identifier: to.slug },
    to.recipient,
    new Create({ id: new URL(`${id.href}-create`), actor: group, object: note, to: actor }),
  );
}

/** Our own links in an escaped text, made clickable. */
function linkify(html: string): string {
  return html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
