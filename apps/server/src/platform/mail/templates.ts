import type { Locale, NotificationGroup, NotificationKind } from '@townsquare/contracts';
import { type MessageKey, t } from '../i18n.ts';
import type { MailMessage } from './mailer.ts';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Every e-mail is written in its recipient's language: the texts are the server
 * catalogs' `mail.*` (src/locales), English word for word what these templates always said.
 */
function layout(
  locale: Locale,
  title: string,
  paragraphs: string[],
  action?: { label: string; href: string },
  footer?: string,
  image?: { src: string; alt: string },
): string {
  const picture = image
    ? `<p style="margin:0 0 16px"><img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="240" height="240" style="display:block;border:1px solid #e7e5e4;border-radius:8px"></p>`
    : '';
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('') + picture;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#c2410c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#57534e">${escapeHtml(t(locale, 'mail.buttonFallback'))}<br><a href="${escapeHtml(action.href)}">${escapeHtml(action.href)}</a></p>`
    : '';
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;background:#faf7f2;padding:24px;color:#1c1917"><div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}${footer ?? ''}<p style="margin:24px 0 0;font-size:12px;color:#78716c">${escapeHtml(t(locale, 'mail.tagline'))}</p></div></body></html>`;
}

/** The account mails: a greeting, two paragraphs, a button, and the link again in the text part. */
function accountMail(
  locale: Locale,
  input: {
    to: string;
    name: string;
    subject: MessageKey;
    title: MessageKey;
    lines: string[];
    button: MessageKey;
    textLink: MessageKey;
    href: string;
    link?: string;
  },
): MailMessage {
  const lines = [t(locale, 'mail.greeting', { name: input.name }), ...input.lines];
  return {
    to: input.to,
    subject: t(locale, input.subject),
    text: `${lines.join('\n\n')}\n\n${t(locale, input.textLink)} ${input.href}\n\n${t(locale, 'mail.signature')}`,
    html: layout(locale, t(locale, input.title), lines, { label: t(locale, input.button), href: input.href }),
    ...(input.link ? { link: input.link } : {}),
  };
}

type AccountMailKind = 'verify' | 'reset' | 'confirmNew' | 'passwordChanged' | 'emailChanging';

/** `mail.<kind>.<part>`: every kind has the parts its template reads in en.json (the catalog test formats each). */
const partOf = (kind: AccountMailKind, part: string) => `mail.${kind}.${part}` as MessageKey;

/**
 * The mails with a link to follow: `mail.<kind>.subject`, `.intro`, `.validity`, `.button`,
 * `.textLink`, and `.title` when the heading differs from the subject.
 */
function linkMail(
  kind: 'verify' | 'reset' | 'confirmNew',
  to: string,
  name: string,
  link: string,
  locale: Locale,
): MailMessage {
  return accountMail(locale, {
    to,
    name,
    subject: partOf(kind, 'subject'),
    title: kind === 'reset' ? partOf(kind, 'title') : partOf(kind, 'subject'),
    lines: [t(locale, partOf(kind, 'intro')), t(locale, partOf(kind, 'validity'))],
    button: partOf(kind, 'button'),
    textLink: partOf(kind, 'textLink'),
    href: link,
    link,
  });
}

export const verifyEmailMail = (to: string, name: string, link: string, locale: Locale = 'en') =>
  linkMail('verify', to, name, link, locale);

export const resetPasswordMail = (to: string, name: string, link: string, locale: Locale = 'en') =>
  linkMail('reset', to, name, link, locale);

export const confirmNewEmailMail = (to: string, name: string, link: string, locale: Locale = 'en') =>
  linkMail('confirmNew', to, name, link, locale);

/** "Thu, 26 Nov 2026 09:00:00 GMT" in English, as it always was; the reader's own words elsewhere. */
function utcMoment(when: Date, locale: Locale): string {
  if (locale === 'en') return when.toUTCString();
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(when)} UTC`;
}

/** Who a notice of a change to the account goes to, and the link to reset the password if it was not them. */
export type NoticeRecipient = { to: string; name: string; resetLink: string; locale: Locale };

/**
 * The notices of a change to the account, with a button to reset the password:
 * `mail.<kind>.subject`, `.title`, `.body` (written with `params`) and `.ifNotYou`.
 */
function changeNoticeMail(
  kind: 'passwordChanged' | 'emailChanging',
  { to, name, resetLink, locale }: NoticeRecipient,
  params: Record<string, string>,
): MailMessage {
  return accountMail(locale, {
    to,
    name,
    subject: partOf(kind, 'subject'),
    title: partOf(kind, 'title'),
    lines: [t(locale, partOf(kind, 'body'), params), t(locale, partOf(kind, 'ifNotYou'))],
    button: 'mail.resetMine.button',
    textLink: 'mail.reset.textLink',
    href: resetLink,
  });
}

export const passwordChangedMail = (recipient: NoticeRecipient, when: Date) =>
  changeNoticeMail('passwordChanged', recipient, { when: utcMoment(when, recipient.locale) });

/** To the old address: the change is not yet done, so its owner can still stop it. */
export const emailChangingMail = (recipient: NoticeRecipient, newAddress: string) =>
  changeNoticeMail('emailChanging', recipient, { newAddress });

/**
 * A notification by e-mail: what happened and a link to it, and a footer that says why it came,
 * with a one-click link that turns off this kind (RFC 8058 headers) and the settings page.
 */
export function notificationMail(input: {
  to: string;
  name: string;
  text: string;
  link: string;
  group: NotificationGroup;
  unsubscribeUrl: string;
  /** A member's notification settings; a guest's manage link (absent: an answer from before links were kept). */
  settingsUrl?: string;
  locale?: Locale;
  /** To a guest (an answer without an account): "never e-mail me again" and "change or cancel". */
  guest?: boolean;
  /** The notification's kind, when its reason is more than its group's ("you joined the waitlist"). */
  kind?: NotificationKind;
  /** A subject other than the text (an announcement's: the text is the whole message). */
  subject?: string;
}): MailMessage {
  const locale = input.locale ?? 'en';
  const lines = [t(locale, 'mail.greeting', { name: input.name }), input.text];
  // A waitlist offer is filed with the changes to events people go to, but this person is not
  // going yet: the footer says why they really get it.
  const footerText = input.guest
    ? t(locale, 'mail.guest.why')
    : input.kind === 'waitlist_offer'
      ? t(locale, 'mail.notification.whyWaitlist')
      : t(locale, 'mail.notification.why', { group: input.group });
  const turnOff = t(locale, input.guest ? 'mail.guest.never' : 'mail.notification.turnOff');
  const links = [{ label: turnOff, href: input.unsubscribeUrl }];
  if (input.settingsUrl)
    links.push({
      label: t(locale, input.guest ? 'mail.guest.manage' : 'mail.notification.allSettings'),
      href: input.settingsUrl,
    });
  const footer = `<p style="margin:24px 0 0;font-size:12px;color:#78716c">${escapeHtml(footerText)} ${links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join(' · ')}</p>`;
  return {
    to: input.to,
    subject: input.subject ?? (input.text.length > 120 ? `${input.text.slice(0, 117)}...` : input.text),
    text: `${lines.join('\n\n')}\n\n${t(locale, 'mail.notification.open')} ${input.link}\n\n-- \n${footerText}\n${links.map((l) => `${l.label}: ${l.href}`).join('\n')}\n`,
    html: layout(
      locale,
      input.text,
      lines,
      { label: t(locale, 'mail.notification.button'), href: input.link },
      footer,
    ),
    link: input.link,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The invitation a member CSV sends: joining takes a click, and an account. In the
 * language the caller names (club-io: the address's account's, else the inviting organiser's),
 * else English. The name and the community's name are the sender's words: the HTML escapes them
 * (layout), and they are cut to one short line each; the footer's "never invite me again" is the
 * one-click List-Unsubscribe of RFC 8058 too (decision 063).
 */
export function communityInvitationMail(input: {
  to: string;
  name: string;
  community: string;
  link: string;
  neverUrl: string;
  locale?: Locale;
}): MailMessage {
  const locale = input.locale ?? 'en';
  const oneLine = (text: string, max: number) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  };
  const name = oneLine(input.name, 60);
  const community = oneLine(input.community, 80);
  const lines = [
    name ? t(locale, 'mail.greeting', { name }) : t(locale, 'mail.greetingNoName'),
    t(locale, 'mail.invitation.intro', { community }),
    t(locale, 'mail.invitation.ignore'),
  ];
  const button = t(locale, 'mail.invitation.button', { community });
  const why = t(locale, 'mail.invitation.why');
  const never = t(locale, 'mail.invitation.never');
  const footer = `<p style="margin:24px 0 0;font-size:12px;color:#78716c">${escapeHtml(why)} <a href="${escapeHtml(input.neverUrl)}">${escapeHtml(never)}</a></p>`;
  return {
    to: input.to,
    subject: t(locale, 'mail.invitation.subject', { community }),
    text: `${lines.join('\n\n')}\n\n${button}: ${input.link}\n\n${t(locale, 'mail.signature')}\n\n-- \n${why}\n${never}: ${input.neverUrl}\n`,
    html: layout(locale, button, lines, { label: button, href: input.link }, footer),
    link: input.link,
    headers: {
      'List-Unsubscribe': `<${input.neverUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * An e-mail to someone who answered an event without an account (decision 040): one link to
 * act on, and a footer with the "never e-mail me again" link (one click, RFC 8058 headers).
 * Written in `locale`, the language they answered in.
 */
export function guestMail(input: {
  to: string;
  name: string;
  subject: string;
  lines: string[];
  action: { label: string; href: string };
  neverUrl: string;
  locale?: Locale;
  /** Why they get it, when not for an event's answer (a date poll's: decision 056). */
  why?: string;
  /** A picture under the text: a guest's ticket QR code (decision 077). */
  image?: { src: string; alt: string };
}): MailMessage {
  const locale = input.locale ?? 'en';
  const lines = [t(locale, 'mail.greeting', { name: input.name }), ...input.lines];
  const footerText = input.why ?? t(locale, 'mail.guest.why');
  const never = t(locale, 'mail.guest.never');
  const footer = `<p style="margin:24px 0 0;font-size:12px;color:#78716c">${escapeHtml(footerText)} <a href="${escapeHtml(input.neverUrl)}">${escapeHtml(never)}</a></p>`;
  return {
    to: input.to,
    subject: input.subject,
    text: `${lines.join('\n\n')}\n\n${input.action.label}: ${input.action.href}\n\n-- \n${footerText}\n${never}: ${input.neverUrl}\n`,
    html: layout(locale, input.subject, lines, input.action, footer, input.image),
    link: input.action.href,
    headers: {
      'List-Unsubscribe': `<${input.neverUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
