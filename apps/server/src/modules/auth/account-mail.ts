import type { Locale } from '@townsquare/contracts';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import {
  confirmNewEmailMail,
  emailChangingMail,
  type NoticeRecipient,
  passwordChangedMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../../platform/mail/templates.ts';
import { findUserByEmail, findUserById } from '../../platform/people.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import type { EmailTokenPurpose } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import { hashToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './tokens.ts';

/**
 * Account e-mails (verification, password reset, e-mail change, password changed) go through the
 * one job queue (decisions 017 and 031): a request that was answered has its e-mail stored in
 * PostgreSQL, and a crash, a deploy or an SMTP outage delays it instead of losing it.
 *
 * A mail with a link names its token by id (made when the request is answered). The job creates
 * the token row under that id the first time it runs (`ON CONFLICT DO NOTHING`) and mails the
 * token derived from the id with the server's secret, so a retry mails the same link and stores
 * nothing new, and only the token's hash is ever stored (in the row; the job holds the id). Who
 * the mail goes to is decided when it is sent: an unknown address for a reset, an address verified
 * meanwhile, or an e-mail change replaced meanwhile send nothing, and the request's answer never
 * depended on any of it.
 */
export const ACCOUNT_MAIL_QUEUE = 'account-mail';

export type AccountMail =
  /** A link: to the account with `email` (verify, reset), or to the pending new address. */
  | { kind: 'link'; purpose: EmailTokenPurpose; tokenId: string; email: string; userId?: string }
  /** A notice that something changed: no link of its own, sent as it was decided. */
  | { kind: 'password-changed'; to: string; name: string; at: string; locale?: Locale | null }
  | { kind: 'email-changing'; to: string; name: string; newEmail: string; locale?: Locale | null };

const TTL: Record<EmailTokenPurpose, number> = {
  verify_email: VERIFY_EMAIL_TTL_MS,
  change_email: VERIFY_EMAIL_TTL_MS,
  reset_password: RESET_PASSWORD_TTL_MS,
};

const PAGE: Record<EmailTokenPurpose, string> = {
  verify_email: '/verify-email',
  change_email: '/verify-email',
  reset_password: '/reset-password',
};

/** The token a new link carries: 256 bits derived from its row id, so every retry mails the same one. */
export const linkToken = (links: LinkSigner, tokenId: string) => links.sign('email-token', tokenId);

/**
 * The token of a link whose row stores `tokenHash`: the one of the ring's signatures of its id with
 * that hash, so a row made before a key rotation (or before decision 066) is mailed the link it
 * stores; undefined when none has it (replaced meanwhile, or signed by a retired key).
 */
export const storedLinkToken = (links: LinkSigner, tokenId: string, tokenHash: string | null | undefined) =>
  tokenHash
    ? links.signatures('email-token', tokenId).find((token) => hashToken(token) === tokenHash)
    : undefined;

export function createAccountMail(deps: {
  db: Database;
  jobs: Jobs;
  mailer: Mailer;
  publicUrl: string;
  /** Signs `linkToken` (decision 066); the token is never stored. */
  links: LinkSigner;
}) {
  const { db, jobs, mailer } = deps;
  // An SMTP outage of up to about 40 minutes: 8 retries from 10 s, doubling; a send that hangs
  // is given up after a minute and retried.
  jobs.define(ACCOUNT_MAIL_QUEUE, { retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 60 });
  const resetLink = `${deps.publicUrl}/forgot-password`;

  /** The mail for a link, or undefined when it should no longer go out. */
  async function linkMail(data: Extract<AccountMail, { kind: 'link' }>): Promise<MailMessage | undefined> {
    const user =
      data.purpose === 'change_email'
        ? data.userId && (await findUserById(db, data.userId))
        : await findUserByEmail(db, data.email);
    if (!user) return undefined;
    if (data.purpose === 'verify_email' && user.emailVerifiedAt) return undefined;
    // A newer request, or a password reset, replaced or cancelled this change.
    if (data.purpose === 'change_email' && user.pendingEmail !== data.email) return undefined;
    const stored = await db.transaction((tx) =>
      repo.ensureEmailToken(tx, {
        id: data.tokenId,
        userId: user.id,
        purpose: data.purpose,
        tokenHash: hashToken(linkToken(deps.links, data.tokenId)),
        email: data.email,
        expiresAt: new Date(Date.now() + TTL[data.purpose]),
      }),
    );
    // A retry mails the link of the row it made, whichever key of the ring signed it.
    const token = storedLinkToken(deps.links, data.tokenId, stored);
    if (!token) return undefined;
    const link = `${deps.publicUrl}${PAGE[data.purpose]}?token=${encodeURIComponent(token)}`;
    // In the language the person chose, read when the mail goes out.
    const locale = user.locale ?? 'en';
    if (data.purpose === 'verify_email') return verifyEmailMail(data.email, user.fullName, link, locale);
    if (data.purpose === 'change_email') return confirmNewEmailMail(data.email, user.fullName, link, locale);
    return resetPasswordMail(user.email, user.fullName, link, locale);
  }

  const noticeTo = (data: { to: string; name: string; locale?: Locale | null }): NoticeRecipient => ({
    to: data.to,
    name: data.name,
    resetLink,
    locale: data.locale ?? 'en',
  });

  async function deliver(data: AccountMail): Promise<void> {
    const message =
      data.kind === 'link'
        ? await linkMail(data)
        : data.kind === 'password-changed'
          ? passwordChangedMail(noticeTo(data), new Date(data.at))
          : emailChangingMail(noticeTo(data), data.newEmail);
    if (message) await mailer.send(message);
  }

  return {
    /** Stores the mail in the queue; it is sent by any instance, retried until it goes out. */
    async send(mail: AccountMail): Promise<void> {
      await jobs.send(ACCOUNT_MAIL_QUEUE, mail, { key: mail.kind === 'link' ? mail.tokenId : uuidv7() });
    },
    /** A new token id for a link (its row is made when the mail is sent). */
    newTokenId: () => uuidv7(),
    async start(): Promise<void> {
      // One at a time, so mails go out in the order they were asked for (the newest link last).
      await jobs.work<AccountMail>(ACCOUNT_MAIL_QUEUE, deliver);
    },
  };
}

export type AccountMailer = ReturnType<typeof createAccountMail>;
