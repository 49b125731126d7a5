import { readFileSync } from 'node:fs';
import { CLUB_IO_MSG } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createCommunity, createUser, mailsTo, requestAs, unique, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Member lists from real tools through the API (decision 076): the preview judges a list as a
 * send would and sends nothing; a file without addresses is a 400 that says which column is
 * missing; a Google Forms sheet greets people by their name.
 */
const t = useTestApp();
const inject = requestAs(t);
const [owner] = useUsers(t, 1, { verified: true });

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/member-lists/${name}`, import.meta.url), 'utf8');
const slugOf = async () => (await createCommunity(t, owner)).slug;
const invitationsOf = async (slug: string) =>
  (
    await t.db.execute(sql`select i.email from community_invitations i join communities c on c.id = i.community_id
      where c.slug = ${slug}`)
  ).rows;

describe('member list preview', () => {
  it('counts the rows, who would be invited, members and rows without an address, each skipped row with its reason; nothing is sent', async () => {
    const slug = await slugOf();
    const member = await createUser(t);
    await inject('POST', `/api/communities/${slug}/join`, member, {});
    const never = `${unique('never')}@example.com`;
    await t.db.execute(sql`insert into email_suppressions (email, kind) values (${never}, 'never_invite')`);
    const kim = `${unique('kim')}@example.org`;
    const csv = [
      '\uFEFFVorname;Nachname;E-Mail-Adresse',
      `Kim;Lee;${kim}`,
      `Mia;Member;${member.email}`,
      'Ohne;Adresse;',
      'Falsch;Adresse;kein-at',
      `Kim;Again;${kim.toUpperCase()}`,
      `Nie;Mals;${never}`,
    ].join('\r\n');
    const res = await inject('POST', `/api/communities/${slug}/member-imports/preview`, owner, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const { preview } = res.json();
    expect(preview).toMatchObject({
      rows: 6,
      toInvite: 1,
      alreadyMembers: 1,
      withoutAddress: 2,
      columns: { email: ['E-Mail-Adresse'], name: ['Vorname', 'Nachname'] },
      invite: [{ line: 2, name: 'Kim Lee', email: kim }],
    });
    expect(preview.skipped).toEqual([
      { line: 3, name: 'Mia Member', email: member.email, reason: 'already a member' },
      { line: 4, name: 'Ohne Adresse', email: '', reason: 'no address' },
      { line: 5, name: 'Falsch Adresse', email: 'kein-at', reason: 'invalid' },
      { line: 6, name: 'Kim Again', email: kim, reason: 'duplicate', duplicateOf: 2 },
      { line: 7, name: 'Nie Mals', email: never, reason: 'suppressed' },
    ]);
    expect(preview.held).toMatchObject({ 'no address': 1, invalid: 1, duplicate: 1, suppressed: 1 });
    expect(await invitationsOf(slug)).toEqual([]);

    // Sending the same list does what the preview said.
    const sent = await inject('POST', `/api/communities/${slug}/member-imports`, owner, { csv });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().report.sent).toEqual(preview.invite);
    expect(sent.json().report.skipped).toEqual(preview.skipped);
  });

  it('answers a Meetup export and a file without an address column with a 400 that names the missing column', async () => {
    const slug = await slugOf();
    for (const path of ['member-imports/preview', 'member-imports']) {
      const meetup = await inject('POST', `/api/communities/${slug}/${path}`, owner, {
        csv: fixture('meetup-members.xls'),
      });
      expect(meetup.statusCode).toBe(400);
      expect(meetup.json()).toMatchObject({
        code: 'CLUB_IO_CSV_MEETUP_NO_EMAILS',
        message: CLUB_IO_MSG.csvMeetupNoEmails,
      });
      const phones = await inject('POST', `/api/communities/${slug}/${path}`, owner, {
        csv: fixture('no-email-column.csv'),
      });
      expect(phones.statusCode).toBe(400);
      expect(phones.json()).toMatchObject({ code: 'CLUB_IO_CSV_NO_EMAIL_COLUMN' });
      expect(phones.json().message).toMatch(/no e-mail column/);
    }
    // An Excel workbook read as text by mistake (a client that dropped its NUL bytes: with them
    // the body schema refuses the text first; the web names a workbook before sending it).
    const workbook = await inject('POST', `/api/communities/${slug}/member-imports/preview`, owner, {
      csv: 'PK\u0003\u0004\u0014\u0006\u0008[Content_Types].xml',
    });
    expect(workbook.statusCode).toBe(400);
    expect(workbook.json().code).toBe('CLUB_IO_CSV_WORKBOOK');
    expect(await invitationsOf(slug)).toEqual([]);
  });

  it('a Google Forms sheet greets people by name, never by the timestamp; a row without a name neutrally', async () => {
    const slug = await slugOf();
    const kim = `${unique('kim')}@example.org`;
    const noah = `${unique('noah')}@example.net`;
    const csv = `Timestamp,Email Address,Full name\r\n2026/11/02 7:41:12 PM GMT+1,${kim},Kim Lee\r\n2026/11/03 9:15:01 AM GMT+1,${noah},\r\n`;
    const res = await inject('POST', `/api/communities/${slug}/member-imports`, owner, { csv });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().report.sent).toEqual([
      { line: 2, name: 'Kim Lee', email: kim },
      { line: 3, name: '', email: noah },
    ]);
    const mail = async (to: string) =>
      eventually(async () => {
        const [m] = await mailsTo(t, to);
        if (!m) throw new Error('no invitation yet');
        return m;
      });
    expect((await mail(kim)).text).toMatch(/^Hi Kim Lee,/);
    const neutral = (await mail(noah)).text;
    expect(neutral).toMatch(/^Hi,/);
    expect(neutral).not.toMatch(/2026|GMT|nobody/);
  });

  it('keeps the preview to verified organisers', async () => {
    const unverified = await createUser(t);
    const club = await createCommunity(t, unverified);
    const res = await inject('POST', `/api/communities/${club.slug}/member-imports/preview`, unverified, {
      csv: 'name,email\nAda,ada@example.com',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INVITATION_VERIFY_TO_INVITE');
  });
});
