import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
  /** The message as it came over SMTP (what a DKIM verifier reads). */
  raw: Buffer;
};

/**
 * A real SMTP server on a random loopback port that keeps every message it receives, so tests
 * exercise the same nodemailer transport production uses.
 */
export async function startSmtpCapture() {
  const inbox: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      })
        .then(async (raw) => ({ raw, parsed: await simpleParser(raw) }))
        .then(({ raw, parsed }) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          inbox.push({
            to: (to ?? '').toLowerCase(),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
            raw,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits (up to 10 s) for a message to `to` whose subject matches. */
  /**
   * The first mail to `to` whose subject matches. It answers as soon as the mail is in; the budget
   * only bounds a failure, and is wide because a loaded 2-core CI machine took over 10 s to run a
   * queued job.
   */
  async function waitFor(to: string, subject: RegExp, budgetMs = 60_000): Promise<CapturedMail> {
    const deadline = Date.now() + budgetMs;
    for (;;) {
      const found = inbox.find((m) => m.to === to.toLowerCase() && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no mail to ${to} matching ${subject} (inbox: ${inbox.map((m) => `${m.to}: ${m.subject}`).join('; ')})`,
        );
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's plain-text body that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s]+`));
  if (!match) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return match[0];
}
