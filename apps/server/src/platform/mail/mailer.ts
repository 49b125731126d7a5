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
 * Without SMTP_URL: an outbox that writes each message to DATA_DIR/mail/<time>-<to>.eml and logs
 * the link it carries, so a fresh install can verify and reset without a mail server.
 * With SMTP_URL: nodemailer over SMTP.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
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
    const transport = nodemailer.createTransport(url.toString());
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
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
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
