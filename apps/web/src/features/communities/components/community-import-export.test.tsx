import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Community, CommunityImport } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CommunityImportExport, InvitationBanner, readListFile } from './community-import-export.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

const club = { slug: 'gamers', viewerRole: 'ORGANIZER' } as Community;
const base: CommunityImport = {
  id: 'i1',
  communityId: 'c1',
  url: 'https://www.meetup.com/gamers/events/ical/',
  fileName: null,
  subscribed: true,
  state: 'running',
  total: 10,
  created: 4,
  updated: 0,
  skipped: 0,
  errors: [],
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
};

describe('CommunityImportExport', () => {
  it('follows an import to its end with the problems, sends a member list and shows the report', async () => {
    let reads = 0;
    const posted: unknown[] = [];
    stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/communities/gamers/imports')) {
        reads += 1;
        const done = reads > 1;
        return jsonResponse({
          imports: [
            done
              ? {
                  ...base,
                  state: 'done',
                  created: 9,
                  skipped: 1,
                  errors: [{ line: 40, uid: 'x', message: 'Line 40: the event has no start (DTSTART)' }],
                }
              : base,
          ],
        });
      }
      if (url.endsWith('/api/communities/gamers/member-imports/preview'))
        return jsonResponse({
          preview: {
            rows: 2,
            toInvite: 1,
            alreadyMembers: 0,
            withoutAddress: 1,
            columns: { email: [], name: [] },
            invite: [{ line: 1, name: 'Ada', email: 'ada@example.com' }],
            skipped: [{ line: 2, name: '', email: 'nope', reason: 'invalid' }],
            held: {},
          },
        });
      if (url.endsWith('/api/communities/gamers/member-imports')) {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(
          {
            report: {
              sent: [{ line: 1, name: 'Ada', email: 'ada@example.com' }],
              skipped: [{ line: 2, name: '', email: 'nope', reason: 'invalid' }],
            },
          },
          202,
        );
      }
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const user = userEvent.setup();
    renderWithApp(<CommunityImportExport community={club} />, { user: createSelfUser() });
    expect(await screen.findByText('Importing… 4 of 10')).toBeVisible();
    expect(
      await screen.findByText('Done: 9 created, 0 updated, 1 skipped', {}, { timeout: 3000 }),
    ).toBeVisible();
    expect(screen.getByText('1 problem')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Re-read this feed every day' })).toBeChecked();
    // Organisers who do not own the community have no export.
    expect(screen.queryByRole('button', { name: 'Download the community' })).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText('Member list: paste it here'), 'Ada,ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    await user.click(await screen.findByRole('button', { name: 'Send 1 invitation' }));
    expect(await screen.findByText('1 invitation on their way, 1 skipped.')).toBeVisible();
    expect(screen.getByText('Line 2: nope: not an e-mail address')).toBeVisible();
    expect(posted).toEqual([{ csv: 'Ada,ada@example.com' }]);
  });
});

describe('CommunityImportExport: importing calendars (decision 070)', () => {
  it('says why an address is refused, sends the dates choice, and names the event of a problem', async () => {
    const posted: unknown[] = [];
    stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/communities/gamers/imports') && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse({ import: { ...base, state: 'queued' } }, 202);
      }
      if (url.endsWith('/api/communities/gamers/imports'))
        return jsonResponse({
          imports: [
            {
              ...base,
              state: 'done',
              errors: [{ line: 3, uid: 'p', title: 'Forever', message: 'Line 3: the event ends too far' }],
            },
          ],
        });
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const user = userEvent.setup();
    renderWithApp(<CommunityImportExport community={club} />, { user: createSelfUser() });
    const address = screen.getByLabelText('Calendar address (ICS feed)');
    await fill(user, address, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Import from address' }));
    expect(await screen.findByText('The calendar address must be an http or https URL')).toBeVisible();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);

    expect(screen.getByRole('radio', { name: 'Publish them, as they were in the calendar' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Keep them drafts and ask me to confirm each' }));
    await user.clear(address);
    await fill(user, address, 'https://example.com/cal.ics');
    await user.click(screen.getByRole('button', { name: 'Import from address' }));
    await vi.waitFor(() =>
      expect(posted).toEqual([{ url: 'https://example.com/cal.ics', subscribe: false, dates: 'ask' }]),
    );
    await user.click(await screen.findByText('1 problem'));
    expect(screen.getByText('Line 3: the event ends too far (“Forever”)')).toBeVisible();
  });
});

describe('CommunityImportExport: the member list preview (decision 076)', () => {
  const preview = {
    rows: 5,
    toInvite: 2,
    alreadyMembers: 1,
    withoutAddress: 1,
    columns: { email: ['Email Address'], name: ['Full name'] },
    invite: [
      { line: 2, name: 'Kim Lee', email: 'kim@example.org' },
      { line: 4, name: '', email: 'noah@example.net' },
    ],
    skipped: [
      { line: 3, name: 'Ana', email: 'ana@example.com', reason: 'already a member' },
      { line: 5, name: 'Bo', email: '', reason: 'no address' },
      { line: 6, name: 'Kim again', email: 'kim@example.org', reason: 'duplicate', duplicateOf: 2 },
      { line: 7, name: 'Nie', email: 'nie@example.de', reason: 'suppressed' },
    ],
    held: {},
  };

  it('shows what the list holds and why rows are left out, and sends only once confirmed', async () => {
    const calls: { url: string; body: unknown }[] = [];
    stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/communities/gamers/imports')) return jsonResponse({ imports: [] });
      if (url.includes('/member-imports')) calls.push({ url, body: JSON.parse(String(init?.body)) });
      if (url.endsWith('/api/communities/gamers/member-imports/preview')) return jsonResponse({ preview });
      if (url.endsWith('/api/communities/gamers/member-imports'))
        return jsonResponse({ report: { sent: preview.invite, skipped: preview.skipped, held: {} } }, 202);
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const user = userEvent.setup();
    renderWithApp(<CommunityImportExport community={club} />, { user: createSelfUser() });
    const list = 'Timestamp,Email Address,Full name\n…';
    await fill(user, screen.getByLabelText('Member list: paste it here'), list);
    await user.click(screen.getByRole('button', { name: 'Check the list' }));

    const counts = await screen.findByRole('list', { name: 'What the list holds' });
    expect(counts).toHaveTextContent('5 rows found');
    expect(counts).toHaveTextContent('2 people to invite');
    expect(counts).toHaveTextContent('1 already a member');
    expect(counts).toHaveTextContent('1 without an e-mail address');
    expect(
      screen.getByText('Addresses from the column “Email Address”, names from “Full name”.'),
    ).toBeVisible();
    expect(screen.getByText('Row 3 (ana@example.com): already a member')).toBeVisible();
    expect(screen.getByText('Row 5 (Bo): no e-mail address')).toBeVisible();
    expect(screen.getByText('Row 6 (kim@example.org): duplicate of row 2')).toBeVisible();
    expect(screen.getByText('Row 7 (nie@example.de): asked not to be invited')).toBeVisible();
    // Nothing is sent before the organiser confirms.
    expect(calls.map((c) => c.url.split('/').at(-1))).toEqual(['preview']);

    await user.click(screen.getByRole('button', { name: 'Send 2 invitations' }));
    expect(await screen.findByText('2 invitations on their way, 4 skipped.')).toBeVisible();
    expect(calls.map((c) => c.url.split('/').at(-1))).toEqual(['preview', 'member-imports']);
    expect(calls[1]?.body).toEqual({ csv: list });
  });

  it('a changed list must be checked again; a refused file says why', async () => {
    let reads = 0;
    stubFetch(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/communities/gamers/imports')) return jsonResponse({ imports: [] });
      if (url.endsWith('/member-imports/preview') && reads++ === 0) return jsonResponse({ preview });
      return jsonResponse(
        {
          code: 'CLUB_IO_CSV_MEETUP_NO_EMAILS',
          message:
            "This file has no e-mail addresses: Meetup does not export them; share the community's join link instead",
        },
        400,
      );
    });
    const user = userEvent.setup();
    renderWithApp(<CommunityImportExport community={club} />, { user: createSelfUser() });
    const box = screen.getByLabelText('Member list: paste it here');
    await fill(user, box, 'kim@example.org');
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    expect(await screen.findByRole('button', { name: 'Send 2 invitations' })).toBeVisible();
    await user.type(box, 'x');
    expect(screen.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    expect(
      await screen.findByText(
        "This file has no e-mail addresses: Meetup does not export them; share the community's join link instead",
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
  });
});

describe('readListFile', () => {
  it('reads UTF-8, UTF-16 with its mark and Windows-1252 (legacy Excel CSV)', async () => {
    const text = 'Name;E-Mail\r\nJörg Müller;j@example.de';
    expect(await readListFile(new Blob([new TextEncoder().encode(text)]))).toBe(text);
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect((await readListFile(new Blob([utf16]))).replace(/^\uFEFF/, '')).toBe(text);
    const latin1 = new Uint8Array([...text].map((c) => c.charCodeAt(0)));
    expect(await readListFile(new Blob([latin1]))).toBe(text);
  });

  it('puts a chosen file into the list', async () => {
    stubFetch(async () => jsonResponse({ imports: [] }));
    const user = userEvent.setup();
    renderWithApp(<CommunityImportExport community={club} />, { user: createSelfUser() });
    const file = new File(['Name,Email\nKim,kim@example.org'], 'members.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Or choose a file (CSV, tab-separated or vCard)'), file);
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Member list: paste it here')).toHaveValue(
        'Name,Email\nKim,kim@example.org',
      ),
    );

    // An Excel workbook is named as one, and nothing is sent.
    const xlsx = new File(
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xff])],
      'members.xlsx',
    );
    await user.upload(screen.getByLabelText('Or choose a file (CSV, tab-separated or vCard)'), xlsx);
    expect(
      await screen.findByText(
        'This is a spreadsheet workbook, not a CSV file: save it as "CSV UTF-8" (File > Save as) and choose that file',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Member list: paste it here')).toHaveValue('');
  });
});

describe('InvitationBanner', () => {
  it('signed in: accepting the link joins and the invitation leaves the address', async () => {
    const posted: unknown[] = [];
    stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/community-invitations/accept')) {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse({ community: { ...invited, viewerState: 'member' } });
      }
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const invited = { slug: 'gamers', name: 'Gamers', viewerState: null } as unknown as Community;
    const user = userEvent.setup();
    const { router } = renderWithApp(<InvitationBanner community={invited} signedIn />, {
      path: '/c/gamers?invite=tok123',
      user: createSelfUser(),
    });
    expect(screen.getByText("You're invited to join Gamers")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText('Welcome to Gamers')).toBeVisible();
    expect(posted).toEqual([{ token: 'tok123' }]);
    expect(router.state.location.search).toBe('');
  });

  it('signed out: sign in first, coming back with the invitation', () => {
    const invited = { slug: 'gamers', name: 'Gamers', viewerState: null } as unknown as Community;
    renderWithApp(<InvitationBanner community={invited} signedIn={false} />, {
      path: '/c/gamers?invite=tok123',
    });
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute('href', '/login');
  });
});
