import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { e2eEnv } from './env.ts';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

async function allMail(): Promise<CapturedMail[]> {
  const files = (await readdir(e2eEnv.mailDir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(e2eEnv.mailDir, f), 'utf8'))),
  );
}

/** Waits for the newest mail to `to` whose body holds a link to `linkPath`, and returns that link. */
export function waitForLink(
  to: string,
  linkPath:
    | '/verify-email'
    | '/reset-password'
    | '/guest-rsvp/confirm'
    | '/guest-rsvp/manage'
    | '/guest-votes/confirm'
    | '/guest-votes/manage',
): Promise<string> {
  return waitForMatch(to, new RegExp(`https?://[^\\s"'<>]+${linkPath}\\?token=[^\\s"'<>]+`), linkPath);
}

/** Waits for the newest mail to `to` whose text or HTML matches `pattern`; answers the match. */
export async function waitForMatch(to: string, pattern: RegExp, linkPath = String(pattern)): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = (await allMail()).filter((m) => m.to.includes(to.toLowerCase())).reverse();
    for (const mail of mails) {
      const match = mail.text.match(pattern) ?? mail.html.match(pattern);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail with a ${linkPath} link reached ${to} within 20 s`);
}
