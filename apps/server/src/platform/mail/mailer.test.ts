import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../test/smtp.ts';
import { createMailer } from './mailer.ts';

/**
 * DKIM_* (config.ts): nodemailer signs every outgoing message, and a verifier that looks the
 * selector up in DNS (here: a resolver answering the TXT record of the key made for this test)
 * finds the signature good, on the SMTP transport and in the outbox alike.
 */

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM = {
  domainName: 'town.example',
  keySelector: 'mail2026',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
/** The TXT record an operator publishes at mail2026._domainkey.town.example (docs/DEPLOY.md). */
const TXT = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'mail2026._domainkey.town.example') return [[TXT]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};
const log = { info: () => undefined };
const FROM = 'Townsquare <no-reply@town.example>';
const message = {
  to: 'guest@example.com',
  subject: 'Confirm your answer',
  text: 'Hello,\n\nconfirm here: https://town.example/x\n',
  html: '<p>Hello,</p><p><a href="https://town.example/x">confirm</a></p>',
  headers: {
    'List-Unsubscribe': '<https://town.example/api/guest-rsvps/never-email?token=t>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

async function expectSignedBy(raw: Buffer) {
  const header = /^DKIM-Signature:([^\n]*(?:\n[ \t][^\n]*)*)/im.exec(raw.toString())?.[1] ?? '';
  expect(header).toMatch(/\bd=town\.example;/);
  expect(header).toMatch(/\bs=mail2026;/);
  expect(header).toMatch(/\ba=rsa-sha256;/);
  // The one-click headers are signed too, so nobody on the way can swap the unsubscribe link.
  const signed = /\bh=([^;]*)/.exec(header.replace(/\s+/g, ''))?.[1]?.toLowerCase().split(':') ?? [];
  expect(signed).toEqual(
    expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']),
  );
  const result = await dkimVerify(raw, { resolver });
  expect(result.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['town.example', 'pass']]);
}

describe('DKIM-signed mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-dkim-'));
  });
  afterAll(async () => {
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** `message` sent to `to` over SMTP, signed with `dkim` when given, as the server received it. */
  async function sentOverSmtp(to: string, dkim?: typeof DKIM) {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, dataDir, log, ...(dkim && { dkim }) });
    await mailer.send({ ...message, to });
    await mailer.close();
    return smtp.waitFor(to, /^Confirm your answer$/);
  }

  it('over SMTP: the signature verifies against the published key', async () => {
    const mail = await sentOverSmtp('guest@example.com', DKIM);
    await expectSignedBy(mail.raw);
    // A changed body no longer verifies: the signature covers what was sent.
    const tampered = Buffer.from(mail.raw.toString().replace('confirm here', 'click here'));
    const result = await dkimVerify(tampered, { resolver });
    // (mailauth calls a body hash mismatch "neutral", as RFC 6376 §6.1.3 lets it.)
    expect(result.results[0]?.status.result).not.toBe('pass');
  });

  it('in the outbox: the .eml written is signed the same way', async () => {
    const mailer = createMailer({ from: FROM, dataDir, log, dkim: DKIM });
    await mailer.send(message);
    const [file] = await readdir(path.join(dataDir, 'mail'));
    await expectSignedBy(await readFile(path.join(dataDir, 'mail', file ?? '')));
  });

  it('without DKIM_* nothing is signed', async () => {
    const mail = await sentOverSmtp('plain@example.com');
    expect(mail.raw.toString()).not.toMatch(/^DKIM-Signature:/im);
  });
});
