import {
  eventSponsorsResponse,
  hostingOfferListResponse,
  hostingOfferResponse,
  SPONSOR_MSG,
  sponsorPackageResponse,
  sponsorshipResponse,
} from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCommunity,
  createEvent,
  createUser,
  followVerificationLink,
  requestAs,
  type TestUser,
  uploadImage,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Hosting, "Hosted by" / "Supported by" on events and their JSON-LD, admin removal (decision 083). */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Townsquare</title></head><body><div id="root"></div></body></html>';
const t = useTestApp({ env: { ADMIN_EMAILS: 'hosting-admin@example.com' }, web: { 'index.html': TEMPLATE } });
const inject = requestAs(t);

let admin: TestUser;
let organiser: TestUser;
let cohost: TestUser;
let member: TestUser;
let cafe: TestUser;
let bar: TestUser;
let outsider: TestUser;
let club: { id: string; slug: string };
let runId: string;
let cafePlaceId: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function pin(user: TestUser, name: string, lat: number, lon: number) {
  const res = await inject('POST', '/api/places', user, { name, lat, lon, address: `${name} Straße 1` });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.json() as { place: { id: string } }).place.id;
}

beforeAll(async () => {
  admin = await createUser(t, { email: 'hosting-admin@example.com', fullName: 'Admin' });
  await followVerificationLink(t, admin.email);
  organiser = await createUser(t, { fullName: 'Olga Organiser', verified: true });
  cohost = await createUser(t, { fullName: 'Cora Cohost', verified: true });
  member = await createUser(t, { fullName: 'Mia Member' });
  cafe = await createUser(t, { fullName: 'Kranz Owner', roles: ['Sponsor'], verified: true });
  bar = await createUser(t, { fullName: 'Bar Owner', roles: ['Sponsor'], verified: true });
  outsider = await createUser(t, { fullName: 'Otto Outsider' });
  const trackId = await pin(organiser, 'Running Track', 52.52, 13.405);
  club = await createCommunity(t, organiser, { name: 'Hosting Runners', placeId: trackId });
  expect((await inject('POST', `/api/communities/${club.slug}/join`, member)).statusCode).toBe(200);
  runId = await createEvent(t, organiser, {
    title: 'Thursday run',
    communityId: club.id,
    placeId: trackId,
  });
  cafePlaceId = await pin(cafe, 'Café Kranz', 52.538, 13.405);
  const logoUrl = await uploadImage(t, cafe);
  const saved = await inject('PUT', '/api/sponsors/me', cafe, {
    name: 'Café Kranz',
    category: 'cafe',
    website: 'https://cafe-kranz.example',
    logoUrl,
    placeId: cafePlaceId,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The bar has a profile but no place yet.
  expect(
    (await inject('PUT', '/api/sponsors/me', bar, { name: 'Bar Blau', category: 'bar' })).statusCode,
  ).toBe(200);
});

describe('hosting an event', () => {
  let offerId: string;

  it('a business offers its place; bad offers are refused readably', async () => {
    const noRole = await inject('POST', `/api/events/${runId}/hosting-offers`, member, {});
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json().message).toBe(SPONSOR_MSG.roleRequired);
    const noPlace = await inject('POST', `/api/events/${runId}/hosting-offers`, bar, {});
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().message).toBe(SPONSOR_MSG.hostingNeedsPlace);
    const tooLong = await inject('POST', `/api/events/${runId}/hosting-offers`, cafe, {
      message: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(SPONSOR_MSG.messageTooLong);
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await inject('POST', `/api/events/${id}/hosting-offers`, cafe, {})).statusCode).toBe(404);
    }

    const offered = await inject('POST', `/api/events/${runId}/hosting-offers`, cafe, {
      message: 'Our back room fits 30',
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const offer = hostingOfferResponse.parse(offered.json()).offer;
    expect(offer).toMatchObject({ state: 'proposed', eventId: runId, can: ['withdraw'] });
    expect(offer.sponsor.name).toBe('Café Kranz');
    offerId = offer.id;

    const again = await inject('POST', `/api/events/${runId}/hosting-offers`, cafe, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SPONSOR_MSG.hostingOpen);
  });

  it('hosts see every offer with the venue in full, the business its own, others none', async () => {
    const hosts = hostingOfferListResponse.parse(
      (await inject('GET', `/api/events/${runId}/hosting-offers`, organiser)).json(),
    ).offers;
    expect(hosts.map((o) => o.id)).toEqual([offerId]);
    expect(hosts[0]?.can).toEqual(['accept', 'decline']);
    expect(hosts[0]?.place?.address).toBe('Café Kranz Straße 1');
    const own = hostingOfferListResponse.parse(
      (await inject('GET', `/api/events/${runId}/hosting-offers`, cafe)).json(),
    ).offers;
    expect(own.map((o) => o.id)).toEqual([offerId]);
    const theirs = await inject('GET', `/api/events/${runId}/hosting-offers`, member);
    expect(hostingOfferListResponse.parse(theirs.json()).offers).toEqual([]);
    expect(theirs.body).not.toContain('Straße');
  });

  it('only a host answers, only the business withdraws; strangers get 404', async () => {
    const byBusiness = await inject('POST', `/api/hosting-offers/${offerId}/accept`, cafe);
    expect(byBusiness.statusCode).toBe(403);
    expect(byBusiness.json().message).toBe(SPONSOR_MSG.notHost);
    const byMember = await inject('POST', `/api/hosting-offers/${offerId}/accept`, member);
    expect(byMember.statusCode).toBe(404);
    const byHost = await inject('POST', `/api/hosting-offers/${offerId}/withdraw`, organiser);
    expect(byHost.statusCode).toBe(403);
    const badAction = await inject('POST', `/api/hosting-offers/${offerId}/approve`, organiser);
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().message).toBe(SPONSOR_MSG.hostingActionInvalid);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await inject('POST', `/api/hosting-offers/${id}/accept`, organiser)).statusCode).toBe(404);
    }
  });

  it('accepting moves the event to the business’s place and the page says "Hosted by"', async () => {
    const before = eventSponsorsResponse.parse((await inject('GET', `/api/events/${runId}/sponsors`)).json());
    expect(before.hostedBy).toBeNull();

    const accepted = await inject('POST', `/api/hosting-offers/${offerId}/accept`, organiser);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(hostingOfferResponse.parse(accepted.json()).offer).toMatchObject({ state: 'accepted', can: [] });

    const event = (await inject('GET', `/api/events/${runId}`, organiser)).json().event;
    expect(event.placeId).toBe(cafePlaceId);
    expect(event.location).toMatch(/^Café Kranz, Café Kranz Straße 1/);
    expect(event.location).not.toMatch(/^Café Kranz, Café Kranz, /);

    const shown = eventSponsorsResponse.parse((await inject('GET', `/api/events/${runId}/sponsors`)).json());
    expect(shown.hostedBy).toMatchObject({
      id: cafe.user.id,
      name: 'Café Kranz',
      website: 'https://cafe-kranz.example',
    });

    const again = await inject('POST', `/api/hosting-offers/${offerId}/decline`, organiser);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SPONSOR_MSG.hostingWrongState);
    const second = await inject('POST', `/api/events/${runId}/hosting-offers`, cafe, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SPONSOR_MSG.alreadyHosted);
  });

  it('a business withdraws a waiting offer; an ended or draft event takes none', async () => {
    const other = await createEvent(t, cohost, { title: 'Saturday run' });
    const offered = hostingOfferResponse.parse(
      (await inject('POST', `/api/events/${other}/hosting-offers`, cafe)).json(),
    ).offer;
    const withdrawn = await inject('POST', `/api/hosting-offers/${offered.id}/withdraw`, cafe);
    expect(withdrawn.json().offer.state).toBe('withdrawn');
    const draft = await createEvent(t, cohost, { status: 'DRAFT' });
    // A draft is seen by its hosts only: 404 for the business.
    expect((await inject('POST', `/api/events/${draft}/hosting-offers`, cafe, {})).statusCode).toBe(404);
  });
});

describe('supported by and the event JSON-LD', () => {
  it('names the community’s active sponsors whose package puts a logo on events', async () => {
    expect(
      (
        await inject('PUT', `/api/communities/${club.slug}/sponsorship`, organiser, {
          lookingForSponsors: true,
        })
      ).statusCode,
    ).toBe(200);
    const pkg = sponsorPackageResponse.parse(
      (
        await inject('POST', `/api/communities/${club.slug}/sponsor-packages`, organiser, {
          name: 'Gold',
          benefits: ['logo_on_events'],
          contribution: 'money',
          amountMinor: 150_000,
          currency: 'EUR',
          period: 'year',
        })
      ).json(),
    ).package;
    const proposed = sponsorshipResponse.parse(
      (
        await inject('POST', '/api/sponsorships', bar, {
          packageId: pkg.id,
          startsOn: day(-1),
          endsOn: day(300),
        })
      ).json(),
    ).sponsorship;
    await inject('POST', `/api/sponsorships/${proposed.id}/accept`, organiser);
    expect((await inject('POST', `/api/sponsorships/${proposed.id}/received`, organiser)).statusCode).toBe(
      200,
    );

    const shown = eventSponsorsResponse.parse((await inject('GET', `/api/events/${runId}/sponsors`)).json());
    expect(shown.supportedBy.map((s) => s.name)).toEqual(['Bar Blau']);
    expect(shown.hostedBy?.name).toBe('Café Kranz');
    expect(JSON.stringify(shown)).not.toContain('150000');

    const page = await t.app.inject({ method: 'GET', url: `/event/${runId}` });
    const ld = page.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? '';
    const json = JSON.parse(ld);
    expect(json.sponsor.map((o: { name: string }) => o.name)).toEqual(['Café Kranz', 'Bar Blau']);
    expect(json.sponsor[0]).toMatchObject({ '@type': 'Organization', url: 'https://cafe-kranz.example' });
    expect(json.funder).toEqual([{ '@type': 'Organization', name: 'Bar Blau' }]);
  });

  it('answers 404 for an event the caller may not see', async () => {
    const draft = await createEvent(t, organiser, { status: 'DRAFT' });
    expect((await inject('GET', `/api/events/${draft}/sponsors`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/events/not-an-id/sponsors')).statusCode).toBe(404);
  });
});

describe('admins remove a business profile', () => {
  it('only admins; it is shown nowhere afterwards', async () => {
    const url = `/api/admin/sponsors/${bar.user.id}`;
    expect((await inject('DELETE', url)).statusCode).toBe(401);
    expect((await inject('DELETE', url, outsider)).statusCode).toBe(403);
    expect((await inject('DELETE', url, organiser)).statusCode).toBe(403);
    const removed = await inject('DELETE', url, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await inject('GET', `/api/sponsors/${bar.user.id}`)).statusCode).toBe(404);
    const shown = eventSponsorsResponse.parse((await inject('GET', `/api/events/${runId}/sponsors`)).json());
    expect(shown.supportedBy).toEqual([]);
    expect((await inject('DELETE', url, admin)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/admin/sponsors/not-an-id', admin)).statusCode).toBe(404);
  });
});
