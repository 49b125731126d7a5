import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on notification mail). */
  headers?: Record<string, string>;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

type Logger = { info: (obj: object, msg: string) => void };

/**
 * The header fields a DKIM signature covers: nodemailer's default list (RFC 6376 §5.4's) plus
 * List-Unsubscribe-Post, which RFC 8058 §4 requires signed with List-Unsubscribe, so that no
 * relay can turn a one-click link into something else.
 */
const SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

/** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY, as nodemailer's `dkim` option takes them. */
export type DkimOptions = { domainName: string; keySelector: string; privateKey: string };

/**
 * Without SMTP_URL: an outbox that writes each message to DATA_DIR/mail/<time>-<to>.eml and logs
 * the link it carries, so a fresh install can verify and reset without a mail server.
 * With SMTP_URL: nodemailer over SMTP. With `dkim`, both sign every message (nodemailer's own
 * signer: relaxed canonicalisation, rsa-sha256), so receivers can tell our mail from a forgery.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
  dkim?: DkimOptions | undefined;
}): Mailer {
  const signing = options.dkim ? { dkim: { ...options.dkim, headerFieldNames: SIGNED_HEADERS } } : {};
  // The message as both transports hand it to nodemailer (`link` is only for the outbox's log).
  const envelope = (message: MailMessage) => ({
    from: options.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  });
  if (options.smtpUrl) {
    // A pool of up to 5 connections: notification bursts reuse connections instead of opening one per mail.
    const url = new URL(options.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport({ url: url.toString(), ...signing });
    return {
      async send(message) {
        await transport.sendMail(envelope(message));
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      async close() {
        transport.close();
      },
    };
  }

  const outbox = path.join(options.dataDir, 'mail');
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    ...signing,
  });
  return {
    async send(message) {
      const info = await composer.sendMail(envelope(message));
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${message.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        `mail written to the outbox${message.link ? `: ${message.link}` : ''}`,
      );
    },
    async close() {},
  };
}
