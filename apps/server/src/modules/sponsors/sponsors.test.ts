import {
  communitySponsorshipSchema,
  communitySponsorsResponse,
  SPONSOR_MSG,
  sponsorableCommunitiesResponse,
  sponsorListResponse,
  sponsorPackageResponse,
  sponsorProfileResponse,
  sponsorshipListResponse,
  sponsorshipResponse,
} from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCommunity,
  createUser,
  followVerificationLink,
  notificationsOf,
  requestAs,
  type TestUser,
  uploadImage,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp({ env: { ADMIN_EMAILS: 'sponsor-admin@example.com' } });
const inject = requestAs(t);

let admin: TestUser;
let organiser: TestUser;
let member: TestUser;
let cafe: TestUser;
let bakery: TestUser;
let outsider: TestUser;
let club: { id: string; slug: string; name: string };

/** Berlin Mitte, and a point 2 km from it (the café). */
const CLUB_AT = { lat: 52.52, lon: 13.405 };
const CAFE_AT = { lat: 52.538, lon: 13.405 };

async function pin(user: TestUser, name: string, at: { lat: number; lon: number }) {
  const res = await inject('POST', '/api/places', user, { name, ...at, address: `${name} Straße 1` });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.json() as { place: { id: string } }).place.id;
}

/** The calendar date `offset` days from today (UTC), as the API takes it. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const silver = {
  name: 'Silver',
  benefits: ['logo_on_club_page', 'line_in_announcements'],
  contribution: 'money',
  amountMinor: 100_000,
  currency: 'EUR',
  period: 'year',
  slots: 1,
};

beforeAll(async () => {
  admin = await createUser(t, { email: 'sponsor-admin@example.com', fullName: 'Admin' });
  await followVerificationLink(t, admin.email);
  organiser = await createUser(t, { fullName: 'Olga Organiser', verified: true });
  member = await createUser(t, { fullName: 'Mia Member' });
  cafe = await createUser(t, { fullName: 'Kranz Owner', roles: ['Sponsor'], verified: true });
  bakery = await createUser(t, { fullName: 'Baker', roles: ['Sponsor'], verified: true });
  outsider = await createUser(t, { fullName: 'Otto Outsider' });
  const placeId = await pin(organiser, 'Running Track', CLUB_AT);
  club = await createCommunity(t, organiser, { name: 'Mitte Runners', placeId });
  expect((await inject('POST', `/api/communities/${club.slug}/join`, member)).statusCode).toBe(200);
});

describe('sponsor profiles', () => {
  it('belong to accounts with the Sponsor role, with an uploaded logo and a place', async () => {
    expect((await inject('GET', '/api/sponsors/me', cafe)).json()).toEqual({ sponsor: null });
    const refused = await inject('PUT', '/api/sponsors/me', member, { name: 'Mia Shop', category: 'shop' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SPONSOR_MSG.roleRequired);

    const logoUrl = await uploadImage(t, cafe);
    const placeId = await pin(cafe, 'Café Kranz', CAFE_AT);
    const saved = await inject('PUT', '/api/sponsors/me', cafe, {
      name: 'Café Kranz',
      category: 'cafe',
      website: 'https://cafe-kranz.example',
      logoUrl,
      placeId,
      text: 'Coffee and cake since 1990',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = sponsorProfileResponse.parse(saved.json()).sponsor;
    expect(own).toMatchObject({ id: cafe.user.id, name: 'Café Kranz', verified: false, logoUrl });
    expect(own.place?.address).toBe('Café Kranz Straße 1');

    // Others read the business, its pin only at city level (decision 062), and no person.
    const pub = await inject('GET', `/api/sponsors/${cafe.user.id}`);
    expect(pub.statusCode).toBe(200);
    const shown = sponsorProfileResponse.parse(pub.json()).sponsor;
    expect(shown.place?.address).toBe('');
    expect(pub.body).not.toContain(cafe.email);

    expect((await inject('GET', '/api/sponsors/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await inject('GET', '/api/sponsors/not-an-id')).statusCode).toBe(404);
  });

  it('refuse bad input with readable messages', async () => {
    const cases: [object, string][] = [
      [{ name: '', category: 'cafe' }, SPONSOR_MSG.nameRequired],
      [{ name: 'x'.repeat(81), category: 'cafe' }, SPONSOR_MSG.nameTooLong],
      [{ name: 'Bakery', category: 'casino' }, SPONSOR_MSG.categoryInvalid],
      [{ name: 'Bakery', category: 'shop', website: 'javascript:alert(1)' }, SPONSOR_MSG.websiteInvalid],
      [
        { name: 'Bakery', category: 'shop', logoUrl: 'https://elsewhere.example/logo.png' },
        SPONSOR_MSG.logoInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await inject('PUT', '/api/sponsors/me', bakery, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().code).toMatch(/^SPONSOR_/);
    }
    // Someone else's upload is not a logo either.
    const theirs = await uploadImage(t, cafe);
    const stolen = await inject('PUT', '/api/sponsors/me', bakery, {
      name: 'B',
      category: 'shop',
      logoUrl: theirs,
    });
    expect(stolen.json().message).toBe(SPONSOR_MSG.logoInvalid);
  });

  it('are verified by platform admins only', async () => {
    const url = `/api/admin/sponsors/${cafe.user.id}/verified`;
    expect((await inject('PUT', url, undefined, { value: true })).statusCode).toBe(401);
    expect((await inject('PUT', url, cafe, { value: true })).statusCode).toBe(403);
    expect((await inject('PUT', url, admin, { value: 'yes' })).statusCode).toBe(400);
    const missing = await inject(
      'PUT',
      '/api/admin/sponsors/00000000-0000-4000-8000-000000000000/verified',
      admin,
      {
        value: true,
      },
    );
    expect(missing.statusCode).toBe(404);
    const done = await inject('PUT', url, admin, { value: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().sponsor.verified).toBe(true);
  });
});

describe('packages and the looking-for-sponsors switch', () => {
  let silverId: string;

  it('are managed by organisers only', async () => {
    const url = `/api/communities/${club.slug}/sponsor-packages`;
    expect((await inject('POST', url, undefined, silver)).statusCode).toBe(401);
    for (const who of [member, cafe, outsider]) {
      const res = await inject('POST', url, who, silver);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SPONSOR_MSG.notOrganizer);
    }
    expect(
      (await inject('POST', '/api/communities/no-such-club/sponsor-packages', organiser, silver)).statusCode,
    ).toBe(404);
    const made = await inject('POST', url, organiser, silver);
    expect(made.statusCode, made.body).toBe(201);
    const pkg = sponsorPackageResponse.parse(made.json()).package;
    expect(pkg).toMatchObject({ name: 'Silver', amountMinor: 100_000, currency: 'EUR', slots: 1, taken: 0 });
    silverId = pkg.id;
    const inKind = await inject('POST', url, organiser, {
      name: 'Table',
      benefits: ['table_at_events'],
      contribution: 'in_kind',
    });
    expect(inKind.statusCode).toBe(201);

    const looking = `/api/communities/${club.slug}/sponsorship`;
    expect((await inject('PUT', looking, member, { lookingForSponsors: true })).statusCode).toBe(403);
    const on = await inject('PUT', looking, organiser, {
      lookingForSponsors: true,
      sponsorNote: 'Shirts for the 10k',
    });
    expect(on.statusCode).toBe(200);
    const offer = communitySponsorshipSchema.parse(on.json());
    expect(offer.lookingForSponsors).toBe(true);
    expect(offer.packages.map((p) => p.name)).toEqual(['Silver', 'Table']);
    // Anyone may read what a public club offers.
    expect((await inject('GET', looking)).json().sponsorNote).toBe('Shirts for the 10k');
  });

  it('refuse bad packages with readable messages', async () => {
    const url = `/api/communities/${club.slug}/sponsor-packages`;
    const cases: [object, string][] = [
      [{ ...silver, name: '' }, SPONSOR_MSG.packageNameRequired],
      [{ ...silver, benefits: [] }, SPONSOR_MSG.benefitsInvalid],
      [{ ...silver, benefits: ['free_beer'] }, SPONSOR_MSG.benefitsInvalid],
      [{ ...silver, currency: 'euro' }, SPONSOR_MSG.currencyInvalid],
      [{ ...silver, amountMinor: 1.5 }, SPONSOR_MSG.amountInvalid],
      [{ ...silver, amountMinor: null }, SPONSOR_MSG.moneyNeedsAmount],
      [{ ...silver, contribution: 'in_kind' }, SPONSOR_MSG.inKindHasNoAmount],
      [{ ...silver, slots: 0 }, SPONSOR_MSG.slotsInvalid],
      [{ ...silver, period: 'week' }, SPONSOR_MSG.periodInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await inject('POST', url, organiser, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('are found by businesses near their place, only while looking', async () => {
    const list = await inject('GET', '/api/sponsors/me/communities', cafe);
    expect(list.statusCode, list.body).toBe(200);
    const found = sponsorableCommunitiesResponse.parse(list.json()).communities;
    const mine = found.find((c) => c.id === club.id);
    expect(mine).toMatchObject({ packages: 2, sponsorNote: 'Shirts for the 10k' });
    expect(mine?.distanceKm).toBeGreaterThan(1.5);
    expect(mine?.distanceKm).toBeLessThan(2.5);
    const far = await inject('GET', '/api/sponsors/me/communities?near=48.137,11.575&radiusKm=10', cafe);
    expect(sponsorableCommunitiesResponse.parse(far.json()).communities.map((c) => c.id)).not.toContain(
      club.id,
    );
    expect((await inject('GET', '/api/sponsors/me/communities', member)).statusCode).toBe(403);
    const bad = await inject('GET', '/api/sponsors/me/communities?near=north', cafe);
    expect(bad.statusCode).toBe(400);
    // A business without a place names one.
    const noPlace = await inject('GET', '/api/sponsors/me/communities', bakery);
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().message).toBe(SPONSOR_MSG.nearRequired);
  });

  it('organisers find verified businesses near the club', async () => {
    const res = await inject('GET', `/api/sponsors?community=${club.slug}`, organiser);
    expect(res.statusCode, res.body).toBe(200);
    const list = sponsorListResponse.parse(res.json()).sponsors;
    expect(list.map((s) => s.id)).toEqual([cafe.user.id]);
    expect(list[0]?.distanceKm).toBeGreaterThan(1.5);
  });

  it("a distance never gives a business's pin away: it is measured from the point others see", async () => {
    // Asked from the pin itself, the distance is to its city-level point (0.01°), not 0.
    const res = await inject('GET', `/api/sponsors?near=${CAFE_AT.lat},${CAFE_AT.lon}`, organiser);
    expect(res.statusCode, res.body).toBe(200);
    const [found] = sponsorListResponse.parse(res.json()).sponsors;
    expect(found?.id).toBe(cafe.user.id);
    expect(found?.distanceKm).toBeGreaterThan(0.2);
    expect(found?.place?.lat).toBe(52.54);
  });

  describe('sponsorships', () => {
    let proposalId: string;

    it('a business proposes, the organisers are told, a member may not answer', async () => {
      const body = { packageId: silverId, startsOn: day(-30), endsOn: day(400), message: 'Hello!' };
      expect((await inject('POST', '/api/sponsorships', member, body)).statusCode).toBe(403);
      const bad = await inject('POST', '/api/sponsorships', cafe, { ...body, endsOn: day(-60) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(SPONSOR_MSG.untilBeforeFrom);
      const badDate = await inject('POST', '/api/sponsorships', cafe, { ...body, startsOn: '2026-02-30' });
      expect(badDate.json().message).toBe(SPONSOR_MSG.dateInvalid);
      const unknown = await inject('POST', '/api/sponsorships', cafe, {
        ...body,
        packageId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);

      const res = await inject('POST', '/api/sponsorships', cafe, body);
      expect(res.statusCode, res.body).toBe(201);
      const s = sponsorshipResponse.parse(res.json()).sponsorship;
      expect(s).toMatchObject({
        state: 'proposed',
        proposedBy: 'sponsor',
        amountMinor: 100_000,
        currency: 'EUR',
      });
      expect(s.can).toEqual(['withdraw']);
      proposalId = s.id;

      const again = await inject('POST', '/api/sponsorships', cafe, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(SPONSOR_MSG.alreadyOpen);

      const told = await notificationsOf(t, organiser, 'sponsorship_proposed');
      expect(told.map((n) => n.text)).toEqual(['Café Kranz offers to sponsor Mitte Runners']);
      expect(told[0]?.url).toBe(`/c/${club.slug}`);

      // Someone on neither side does not learn that it exists; a business cannot accept its own.
      expect((await inject('POST', `/api/sponsorships/${proposalId}/accept`, member)).statusCode).toBe(404);
      const own = await inject('POST', `/api/sponsorships/${proposalId}/accept`, cafe);
      expect(own.statusCode).toBe(403);
      expect((await inject('POST', `/api/sponsorships/${proposalId}/pay`, organiser)).statusCode).toBe(400);
      expect((await inject('GET', `/api/sponsorships?community=${club.slug}`, member)).statusCode).toBe(403);
    });

    it('only an active one shows on the community page, and only public business data', async () => {
      const page = () => inject('GET', `/api/communities/${club.slug}/sponsors`);
      expect(communitySponsorsResponse.parse((await page()).json()).packages).toEqual([]);

      const accepted = await inject('POST', `/api/sponsorships/${proposalId}/accept`, organiser);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().sponsorship).toMatchObject({ state: 'accepted', can: ['received'] });
      // Accepted is agreed, not paid: not shown yet.
      expect(communitySponsorsResponse.parse((await page()).json()).packages).toEqual([]);
      const told = await notificationsOf(t, cafe, 'sponsorship_answered');
      expect(told.map((n) => n.text)).toEqual([
        'The sponsorship of Mitte Runners by Café Kranz was accepted',
      ]);

      // The one place of Silver is taken.
      const full = await inject('POST', '/api/sponsorships', organiser, {
        packageId: silverId,
        sponsorId: cafe.user.id,
        startsOn: day(-30),
        endsOn: day(100),
      });
      expect(full.statusCode).toBe(409);

      const received = await inject('POST', `/api/sponsorships/${proposalId}/received`, organiser);
      expect(received.json().sponsorship).toMatchObject({ state: 'active' });
      const shown = communitySponsorsResponse.parse((await page()).json()).packages;
      expect(shown).toEqual([
        {
          id: silverId,
          name: 'Silver',
          benefits: ['logo_on_club_page', 'line_in_announcements'],
          sponsors: [
            {
              id: cafe.user.id,
              name: 'Café Kranz',
              logoUrl: expect.any(String),
              website: 'https://cafe-kranz.example',
              verified: true,
            },
          ],
        },
      ]);
      const raw = (await page()).body;
      expect(raw).not.toContain(cafe.email);
      expect(raw).not.toContain('100000');

      // Twice is a state conflict, not a new change.
      expect((await inject('POST', `/api/sponsorships/${proposalId}/received`, organiser)).statusCode).toBe(
        409,
      );

      const ended = await inject('POST', `/api/sponsorships/${proposalId}/end`, cafe);
      expect(ended.json().sponsorship.state).toBe('ended');
      expect(communitySponsorsResponse.parse((await page()).json()).packages).toEqual([]);
    });

    it('organisers propose to verified businesses only; the business declines', async () => {
      await inject('PUT', '/api/sponsors/me', bakery, { name: 'Bakery Brot', category: 'shop' });
      const offer = communitySponsorshipSchema.parse(
        (await inject('GET', `/api/communities/${club.slug}/sponsorship`)).json(),
      );
      const table = offer.packages.find((p) => p.name === 'Table');
      const body = { packageId: table?.id, startsOn: day(10), endsOn: day(200) };
      const unverified = await inject('POST', '/api/sponsorships', organiser, {
        ...body,
        sponsorId: bakery.user.id,
      });
      expect(unverified.statusCode).toBe(400);
      expect(unverified.json().message).toBe(SPONSOR_MSG.notVerified);
      expect(
        (await inject('POST', '/api/sponsorships', member, { ...body, sponsorId: cafe.user.id })).statusCode,
      ).toBe(403);
      const money = await inject('POST', '/api/sponsorships', organiser, {
        ...body,
        sponsorId: cafe.user.id,
        amountMinor: 500,
        currency: 'EUR',
      });
      expect(money.json().message).toBe(SPONSOR_MSG.inKindHasNoAmount);

      const asked = await inject('POST', '/api/sponsorships', organiser, {
        ...body,
        sponsorId: cafe.user.id,
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const s = sponsorshipResponse.parse(asked.json()).sponsorship;
      expect(s).toMatchObject({ proposedBy: 'community', amountMinor: null, currency: null });
      const told = await notificationsOf(t, cafe, 'sponsorship_proposed');
      expect(told.map((n) => n.text)).toContain('Mitte Runners would like Café Kranz as a sponsor');

      const mine = sponsorshipListResponse.parse((await inject('GET', '/api/sponsorships', cafe)).json());
      expect(mine.sponsorships.find((x) => x.id === s.id)?.can).toEqual(['accept', 'decline']);
      expect((await inject('POST', `/api/sponsorships/${s.id}/decline`, organiser)).statusCode).toBe(403);
      const declined = await inject('POST', `/api/sponsorships/${s.id}/decline`, cafe);
      expect(declined.json().sponsorship.state).toBe('declined');
      const list = sponsorshipListResponse.parse(
        (await inject('GET', `/api/sponsorships?community=${club.slug}`, organiser)).json(),
      );
      expect(list.sponsorships.map((x) => x.state)).toEqual(['declined', 'ended']);
    });

    it('a business cannot propose to a club that is not looking', async () => {
      await inject('PUT', `/api/communities/${club.slug}/sponsorship`, organiser, {
        lookingForSponsors: false,
      });
      const offer = communitySponsorshipSchema.parse(
        (await inject('GET', `/api/communities/${club.slug}/sponsorship`)).json(),
      );
      const res = await inject('POST', '/api/sponsorships', cafe, {
        packageId: offer.packages[1]?.id,
        startsOn: day(10),
        endsOn: day(200),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(SPONSOR_MSG.notLooking);
      const browse = await inject('GET', '/api/sponsors/me/communities', cafe);
      expect(sponsorableCommunitiesResponse.parse(browse.json()).communities.map((c) => c.id)).not.toContain(
        club.id,
      );
    });
  });
});

describe('renewal reminders', () => {
  it('tell both sides 30 and 7 days before an active sponsorship ends, once each', async () => {
    const runners = await createCommunity(t, organiser, { name: 'Tempelhof Runners' });
    await inject('PUT', `/api/communities/${runners.slug}/sponsorship`, organiser, {
      lookingForSponsors: true,
    });
    const made = await inject('POST', `/api/communities/${runners.slug}/sponsor-packages`, organiser, {
      name: 'Bronze',
      benefits: ['logo_on_club_page'],
      contribution: 'in_kind',
    });
    const packageId = sponsorPackageResponse.parse(made.json()).package.id;
    const proposed = await inject('POST', '/api/sponsorships', cafe, {
      packageId,
      startsOn: day(-300),
      endsOn: day(30),
    });
    const id = sponsorshipResponse.parse(proposed.json()).sponsorship.id;
    // Agreed but not received: no reminder, it is not running.
    await inject('POST', `/api/sponsorships/${id}/accept`, organiser);
    expect(await t.sponsors.remindEndings()).toBe(0);
    await inject('POST', `/api/sponsorships/${id}/received`, organiser);

    expect(await t.sponsors.remindEndings()).toBe(1);
    // The same day again is the same notification (its dedupe key); the next day has none due.
    expect(await t.sponsors.remindEndings()).toBe(1);
    expect(await t.sponsors.remindEndings(new Date(Date.now() + 86_400_000))).toBe(0);
    // A week before the end.
    expect(await t.sponsors.remindEndings(new Date(Date.now() + 23 * 86_400_000))).toBe(1);
    for (const who of [cafe, organiser]) {
      const told = await notificationsOf(t, who, 'sponsorship_ending');
      expect(told.map((n) => n.text).sort()).toEqual([
        'The sponsorship of Tempelhof Runners by Café Kranz ends in 30 days: agree on another period if you want to go on',
        'The sponsorship of Tempelhof Runners by Café Kranz ends in 7 days: agree on another period if you want to go on',
      ]);
    }
    expect(await notificationsOf(t, member, 'sponsorship_ending')).toEqual([]);

    // One click: the next period of the same length, proposed to the organisers.
    const renewed = await inject('POST', `/api/sponsorships/${id}/renew`, cafe);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = sponsorshipResponse.parse(renewed.json()).sponsorship;
    expect(next).toMatchObject({
      state: 'proposed',
      proposedBy: 'sponsor',
      startsOn: day(31),
      endsOn: day(361),
    });
    expect(next.id).not.toBe(id);
    expect((await inject('POST', `/api/sponsorships/${id}/renew`, cafe)).statusCode).toBe(409);
    expect((await inject('POST', `/api/sponsorships/${id}/renew`, member)).statusCode).toBe(404);
    const accepted = await inject('POST', `/api/sponsorships/${next.id}/accept`, organiser);
    expect(accepted.json().sponsorship.state).toBe('accepted');
    // The business holds one place, renewed or not.
    const offer = communitySponsorshipSchema.parse(
      (await inject('GET', `/api/communities/${runners.slug}/sponsorship`)).json(),
    );
    expect(offer.packages[0]?.taken).toBe(1);
  });
});

describe('a private community', () => {
  it('shows its sponsors and offer to members only', async () => {
    const hidden = await createCommunity(t, organiser, { name: 'Quiet Club', visibility: 'PRIVATE' });
    expect((await inject('GET', `/api/communities/${hidden.slug}/sponsors`)).statusCode).toBe(403);
    expect((await inject('GET', `/api/communities/${hidden.slug}/sponsorship`, cafe)).statusCode).toBe(403);
    expect((await inject('GET', `/api/communities/${hidden.slug}/sponsors`, organiser)).statusCode).toBe(200);
  });
});
