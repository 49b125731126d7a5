import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../platform/jobs.ts';
import { eventually } from '../../test/eventually.ts';
import {
  createCommunity,
  createUser,
  mailsTo,
  requestAs,
  type TestUser,
  unique,
  useUsers,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { neverToken } from '../guests/guests.service.ts';
import { INVITE_MAIL_QUEUE } from './club-io.service.ts';

/**
 * Member CSVs and their invitation links (decision 063): only a verified organiser sends them, each
 * community and each address has a ceiling, suppressed addresses get nothing, every mail can be
 * refused in one click, and a link joins only the invited address's own verified account, once,
 * within 14 days.
 */
const t = useTestApp();
const inject = requestAs(t);
const [owner] = useUsers(t, 1, { verified: true });

const community = (by: TestUser = owner, body: Record<string, unknown> = {}) => createCommunity(t, by, body);

const address = (prefix = 'inv') => `${unique(prefix)}@example.com`;

async function importCsv(slug: string, csv: string, by: TestUser = owner) {
  return inject('POST', `/api/communities/${slug}/member-imports`, by, { csv });
}

async function invitationMail(to: string) {
  return eventually(async () => {
    const [m] = await mailsTo(t, to);
    if (!m) throw new Error('no invitation yet');
    return m;
  });
}

const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('invite') ?? '';

/** Invitations written as if earlier lists had sent them (`ago` ms back), without their mail. */
async function pastInvitations(
  communityId: string,
  emails: string[],
  ago = 0,
  invitedBy: string | null = null,
) {
  for (const email of emails)
    await t.db.execute(sql`insert into community_invitations (id, community_id, email, name, invited_by, token_hash, created_at)
      values (gen_random_uuid(), ${communityId}, ${email}, 'Earlier', ${invitedBy}, ${`seed:${communityId}:${email}`}, now() - ${`${ago} milliseconds`}::interval)`);
}

describe('member CSV is no mail relay', () => {
  it('an organiser whose address is not verified gets 403 with a readable code', async () => {
    const unverified = await createUser(t);
    const club = await community(unverified);
    const res = await importCsv(club.slug, `Ada,${address()}`, unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'INVITATION_VERIFY_TO_INVITE',
      message: 'Verify your email address to invite people by e-mail',
    });
  });

  it('holds back what passes the community’s daily ceiling and the address’s weekly one, and says so', async () => {
    const club = await community();
    await pastInvitations(
      club.id,
      Array.from({ length: 199 }, () => address('seed')),
    );
    // Someone already invited by three other communities this week.
    const popular = address('popular');
    for (let i = 0; i < 3; i++) await pastInvitations((await community()).id, [popular], 3_600_000);
    const [first, second] = [address(), address()];
    const res = await importCsv(club.slug, `name,email\nPop,${popular}\nOne,${first}\nTwo,${second}`);
    expect(res.statusCode, res.body).toBe(202);
    const report = res.json().report;
    expect(report.sent).toEqual([{ line: 3, name: 'One', email: first }]);
    expect(report.skipped).toEqual([
      { line: 2, name: 'Pop', email: popular, reason: 'recipient limit' },
      { line: 4, name: 'Two', email: second, reason: 'daily limit' },
    ]);
    expect(report.held).toMatchObject({ 'recipient limit': 1, 'daily limit': 1, duplicate: 0 });
  });

  it('one organiser with many communities shares one daily ceiling of 500', async () => {
    const busy = await createUser(t, { verified: true });
    // 499 sent today from three other communities of theirs (each under its own 200).
    for (const n of [200, 200, 99])
      await pastInvitations(
        (await community(busy)).id,
        Array.from({ length: n }, () => address('mine')),
        0,
        busy.user.id,
      );
    const club = await community(busy);
    const [first, second] = [address(), address()];
    const res = await importCsv(club.slug, `One,${first}\nTwo,${second}`, busy);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().report.sent).toEqual([{ line: 1, name: 'One', email: first }]);
    expect(res.json().report.skipped).toEqual([
      { line: 2, name: 'Two', email: second, reason: 'daily limit' },
    ]);
  });

  it('honours the e-mail suppressions, at import and when the mail is due', async () => {
    const club = await community();
    const never = address('never');
    await t.db.execute(sql`insert into email_suppressions (email) values (${never})`);
    const res = await importCsv(club.slug, `Never,${never}`);
    expect(res.json().report.skipped).toEqual([
      { line: 1, name: 'Never', email: never, reason: 'suppressed' },
    ]);
    expect(res.json().report.held.suppressed).toBe(1);

    // Suppressed after the list was sent, before its mail went out: the job sends nothing.
    const late = address('late');
    await pastInvitations(club.id, [late]);
    await t.db.execute(sql`insert into email_suppressions (email) values (${late})`);
    const [row] = (
      await t.db.execute<{ id: string }>(
        sql`select id from community_invitations where community_id = ${club.id} and email = ${late}`,
      )
    ).rows;
    const jobId = await t.jobs.send(INVITE_MAIL_QUEUE, { invitationId: row?.id }, { key: `late:${row?.id}` });
    await eventually(async () => {
      const done = await t.db.execute<{ state: string }>(
        sql`select state from ${sql.raw(JOBS_SCHEMA)}.job where id = ${jobId}`,
      );
      expect(done.rows[0]?.state).toBe('completed');
    });
    expect(await mailsTo(t, late)).toHaveLength(0);
  });

  it('every invitation carries one-click unsubscribe and “never invite me”, which holds back later lists', async () => {
    const club = await community();
    const to = address('oneclick');
    await importCsv(club.slug, `<b>Ada</b> ${'x'.repeat(200)},${to}`);
    const mail = await invitationMail(to);
    const unsubscribe = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(unsubscribe).toMatch(
      /^http:\/\/townsquare\.test\/api\/community-invitations\/never-invite\?token=/,
    );
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(unsubscribe);
    // The greeting is the CSV's name, escaped and cut.
    expect(mail.html).not.toContain('<b>Ada');
    expect(mail.html).toContain('&lt;b&gt;Ada');
    expect(mail.text.split('\n')[0]!.length).toBeLessThanOrEqual(80);

    // A forged or broken token: 400 with a code; a GET only shows the button.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/community-invitations/never-invite?token=x.y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVITATION_NEVER_LINK_INVALID');
    // A guest mail's "never e-mail me" token is of another purpose: refused here.
    const guestToken = neverToken(t.links, to);
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/api/community-invitations/never-invite?token=${encodeURIComponent(guestToken)}`,
    });
    expect(crossed.statusCode).toBe(400);
    const path = unsubscribe.replace('http://townsquare.test', '');
    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');

    // The mail client's one-click POST (RFC 8058): a form body, no session.
    const clicked = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(clicked.json().message).toBe('This address will not be invited to communities again');
    const kinds = await t.db.execute<{ kind: string }>(
      sql`select kind from email_suppressions where email = ${to}`,
    );
    expect(kinds.rows.map((r) => r.kind)).toEqual(['never_invite']);

    const other = await community();
    const again = await importCsv(other.slug, `Ada,${to}`);
    expect(again.json().report.skipped[0]?.reason).toBe('suppressed');
  });
});

describe('an invitation link is for the invited address only', () => {
  async function invited(joinPolicy: 'INVITE' | 'OPEN' = 'INVITE') {
    const club = await community(owner, { visibility: 'PRIVATE', joinPolicy });
    const email = address('guest');
    await importCsv(club.slug, `Guest,${email}`);
    const token = tokenOf((await invitationMail(email)).link);
    return { club, email, token };
  }

  it('a forwarded link gets another account 403; the invited, verified account joins once', async () => {
    const { email, token } = await invited();
    const stranger = await createUser(t, { verified: true });
    const forwarded = await inject('POST', '/api/community-invitations/accept', stranger, { token });
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json().code).toBe('INVITATION_WRONG_ACCOUNT');

    // The invited address, not yet verified: 403 until it is.
    const invitee = await createUser(t, { email });
    const early = await inject('POST', '/api/community-invitations/accept', invitee, { token });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('INVITATION_VERIFY_TO_ACCEPT');
    await verifyEmail(t, invitee);
    const accepted = await inject('POST', '/api/community-invitations/accept', invitee, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().community.viewerState).toBe('member');

    // Used: leaving and following the link again does not let anyone back in.
    const slug = accepted.json().community.slug;
    expect((await inject('POST', `/api/communities/${slug}/leave`, invitee, {})).statusCode).toBe(200);
    const reused = await inject('POST', '/api/community-invitations/accept', invitee, { token });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('INVITATION_USED');
  });

  it('parallel redemptions join once', async () => {
    const { email, token } = await invited();
    const invitee = await createUser(t, { email, verified: true });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        inject('POST', '/api/community-invitations/accept', invitee, { token }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
  });

  it('expires after 14 days', async () => {
    const { club, email, token } = await invited();
    await t.db.execute(
      sql`update community_invitations set created_at = now() - interval '15 days' where community_id = ${club.id} and email = ${email}`,
    );
    const invitee = await createUser(t, { email, verified: true });
    const res = await inject('POST', '/api/community-invitations/accept', invitee, { token });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('INVITATION_EXPIRED');
  });
});
