import {
  addDays,
  type Community,
  type CommunityPageData,
  dayIn,
  EVENT_BANNER_SIZES,
  formatDay,
  imageSources,
  type Locale,
  type NearCityResponse,
  type PublicEventDto,
} from '@townsquare/contracts';
import { offsetDateTime } from '../../platform/dates.ts';
import { eventWhen, type MessageKey, type MessageParams, t, writeInstant } from '../../platform/i18n.ts';
import type { AlbumsService } from '../albums/albums.service.ts';
import type { CommunityAnnouncements } from '../communities/announcements.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { CityPages } from '../places/city-pages.service.ts';
import type { SponsorsService } from '../sponsors/sponsors.service.ts';
import { escapeHtml, type Head, truncate } from './head.ts';

export type PagesServiceDeps = {
  events: Pick<EventsService, 'findForAnonymous' | 'upcomingForAnonymous'>;
  /** Recap pages (`/recaps/:id`, decision 075). */
  albums?: Pick<AlbumsService, 'recapPage' | 'featuredOfCommunity'>;
  /** A community's active sponsors as its page shows them (decision 074). */
  sponsors?: Pick<SponsorsService, 'publicSponsors' | 'eventSponsors'>;
  /** City pages (`/near/:city`). */
  cities: Pick<CityPages, 'find' | 'slugsWithEvents'>;
  communities: {
    findForAnonymous(slug: string): Promise<Community | undefined>;
    /** The community's events as a signed-out visitor sees them (the page's next events). */
    events(
      viewer: undefined,
      slug: string,
      query: { when: 'upcoming'; limit: number },
    ): Promise<CommunityPageData['upcoming']>;
    publicForSitemap(limit: number): Promise<Array<{ slug: string; updatedAt: Date }>>;
    /** The About tab's organisers and member faces as a signed-out visitor gets them. */
    people(slug: string, viewerId: undefined): Promise<NonNullable<CommunityPageData['people']>>;
  };
  /** A community's news as the API lists it (a private community's: members only). */
  announcements: Pick<CommunityAnnouncements, 'list'>;
  /** PUBLIC_URL, without a trailing slash: every URL a crawler or a chat app sees starts with it. */
  publicUrl: string;
  /** CURRENCY: the ISO 4217 code every cost on this instance is in. */
  /** The instance's currency now (decision 082); an event of a community with its own uses that. */
  currency: () => string;
};

type EventBackers = Awaited<ReturnType<SponsorsService['eventSponsors']>>;

export const SITE_NAME = 'Townsquare';

/** The web app's public pages that never change with the data (apps/web router: `informational`). */
export const STATIC_PAGES = [
  '/',
  '/features',
  '/about',
  '/contact',
  '/careers',
  '/blog',
  '/guides',
  '/faq',
  '/terms',
  '/privacy',
  '/cookies',
];

/**
 * Pages no crawler should read: the API and every page that is someone's own (they only show a
 * sign-in prompt to a crawler anyway). Public profiles stay crawlable, so that their `noindex`
 * is seen; uploads stay crawlable, so that link previews can fetch event images.
 */
export const PRIVATE_PATHS = [
  '/api/',
  '/socket.io/',
  '/metrics',
  '/dashboard',
  '/events',
  '/profile',
  '/settings',
  '/friends',
  '/messages',
  '/admin',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/unauthorized',
];

/** At most this many events in the sitemap (the format allows 50,000 URLs per file). */
export const SITEMAP_EVENTS = 10_000;
/** At most this many city pages in the sitemap. */
export const SITEMAP_CITIES = 5_000;
/** At most this many communities in the sitemap. */
export const SITEMAP_COMMUNITIES = 5_000;

/**
 * The preview picture of a page without its own (in apps/web/public, made by
 * scripts/app-images.mjs): a PNG, as social networks render no SVG.
 */
const DEFAULT_IMAGE = '/images/hero-community.png';

const DESCRIPTION_MAX = 200;
/** A community page's next events: the first page the web app asks for (its events tab). */
export const COMMUNITY_PAGE_EVENTS = 50;

export type PagesService = ReturnType<typeof createPagesService>;

/** The description, Open Graph and Twitter tags a link preview reads, alike for every page. */
function previewMeta(p: {
  title: string;
  description: string;
  image: string;
  url: string;
  card: 'summary' | 'summary_large_image';
}): Head['meta'] {
  return [
    { name: 'description', content: p.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: p.title },
    { property: 'og:description', content: p.description },
    { property: 'og:image', content: p.image },
    { property: 'og:url', content: p.url },
    { name: 'twitter:card', content: p.card },
    { name: 'twitter:title', content: p.title },
    { name: 'twitter:description', content: p.description },
    { name: 'twitter:image', content: p.image },
  ];
}

export function createPagesService(deps: PagesServiceDeps) {
  const { publicUrl } = deps;
  const absolute = (url: string) => new URL(url, `${publicUrl}/`).href;

  /** Title, Open Graph and Twitter tags and a schema.org Event, all from the public presenter. */
  function eventHead(event: PublicEventDto, locale: Locale, backers?: EventBackers): Head {
    const url = `${publicUrl}/event/${event.id}`;
    const when = eventWhen({ ...event, timeZone: event.timeZone ?? 'UTC' }, 'long');
    const summary = t(locale, 'page.event.description', {
      when,
      location: event.location,
      description: event.description,
    });
    const description = truncate(summary.trim(), DESCRIPTION_MAX);
    // Link previews get the original (a JPEG or PNG as uploaded, which every crawler reads); the
    // page itself shows the WebP copies.
    const image = absolute(event.imageUrl ?? DEFAULT_IMAGE);
    // The banner's own attributes, so the preloaded response is the one its <img> reuses.
    const sources = imageSources(event.imageUrl);
    const preloadImage = sources
      ? { href: sources.src, srcset: sources.srcSet, sizes: EVENT_BANNER_SIZES }
      : event.imageUrl
        ? { href: event.imageUrl }
        : undefined;
    return {
      title: `${event.title} · ${SITE_NAME}`,
      canonical: url,
      ...(preloadImage ? { preloadImage } : {}),
      meta: previewMeta({
        title: event.title,
        description,
        image,
        url,
        card: event.imageUrl ? 'summary_large_image' : 'summary',
      }),
      jsonLd: { '@context': 'https://schema.org', ...eventJsonLd(event), ...backersJsonLd(backers) },
    };
  }

  /**
   * The event's sponsors as schema.org Organizations (decision 083): `sponsor` names the
   * business hosting it and every supporter shown on it, `funder` those giving money.
   */
  function backersJsonLd(backers: EventBackers | undefined) {
    if (!backers) return {};
    const org = (b: { name: string; website: string | null; logoUrl: string | null }) => ({
      '@type': 'Organization',
      name: b.name,
      ...(b.website ? { url: b.website } : {}),
      ...(b.logoUrl ? { logo: absolute(b.logoUrl) } : {}),
    });
    const supporters = backers.supportedBy.filter((s) => s.id !== backers.hostedBy?.id);
    const sponsor = [...(backers.hostedBy ? [backers.hostedBy] : []), ...supporters].map(org);
    const funder = backers.supportedBy.filter((s) => s.funder).map(org);
    return { ...(sponsor.length ? { sponsor } : {}), ...(funder.length ? { funder } : {}) };
  }

  /**
   * A schema.org Event from the public presenter, so it says where only as the address rule lets
   * anyone know (decision 044): an ATTENDEES event's city, never the online link.
   */
  function eventJsonLd(event: PublicEventDto) {
    const url = `${publicUrl}/event/${event.id}`;
    const person = event.creator.fullName ?? event.creator.username;
    // An event a community hosts names the community as its organiser.
    const organizer = event.community
      ? {
          '@type': 'Organization',
          name: event.community.name,
          url: `${publicUrl}/c/${encodeURIComponent(event.community.slug)}`,
        }
      : person
        ? { '@type': 'Person', name: person, url: `${publicUrl}/user/${event.creatorId}` }
        : undefined;
    const zone = event.timeZone ?? 'UTC';
    // A free-text place is a PostalAddress too (crawlers read nothing else), but only as the
    // address rule lets everyone know it (decisions 044, 062): an ATTENDEES event's `location`
    // is already the city or a placeholder, so it stays a name without an address.
    const address = event.place
      ? {
          '@type': 'PostalAddress',
          ...(event.place.address ? { streetAddress: event.place.address } : {}),
          addressLocality: event.place.city,
          addressCountry: event.place.country,
        }
      : event.addressVisibility === 'ATTENDEES'
        ? undefined
        : { '@type': 'PostalAddress', streetAddress: event.location };
    const place = {
      '@type': 'Place',
      name: event.location,
      ...(address ? { address } : {}),
      ...(event.place
        ? { geo: { '@type': 'GeoCoordinates', latitude: event.place.lat, longitude: event.place.lon } }
        : {}),
    };
    const online = { '@type': 'VirtualLocation', url };
    return {
      '@type': 'Event',
      name: event.title,
      description: truncate(event.description, 1000),
      // All day (decision 078): the dates alone, the end the last day (schema.org's is inclusive).
      ...(event.allDay
        ? {
            startDate: formatDay(dayIn(zone, new Date(event.startDate))),
            endDate: formatDay(addDays(dayIn(zone, new Date(event.endDate)), -1)),
          }
        : {
            startDate: offsetDateTime(new Date(event.startDate), zone),
            endDate: offsetDateTime(new Date(event.endDate), zone),
          }),
      // Cancelled, or moved while published (its old start kept), or as first announced.
      eventStatus: `https://schema.org/${
        event.cancelled ? 'EventCancelled' : event.previousStartDate ? 'EventRescheduled' : 'EventScheduled'
      }`,
      ...(event.previousStartDate && !event.cancelled
        ? {
            previousStartDate: event.allDay
              ? formatDay(dayIn(zone, new Date(event.previousStartDate)))
              : offsetDateTime(new Date(event.previousStartDate), zone),
          }
        : {}),
      eventAttendanceMode: `https://schema.org/${event.online ? (event.place ? 'Mixed' : 'Online') : 'Offline'}EventAttendanceMode`,
      location: event.online ? (event.place ? [place, online] : online) : place,
      image: [absolute(event.imageUrl ?? DEFAULT_IMAGE)],
      url,
      ...(organizer ? { organizer } : {}),
      isAccessibleForFree: event.isFree,
      offers: {
        '@type': 'Offer',
        price: event.isFree ? 0 : event.cost,
        priceCurrency: event.community?.currency ?? deps.currency(),
        // Sold out once every place is taken (placesLeft null: no limit); on sale since it was made.
        availability: `https://schema.org/${event.placesLeft === 0 ? 'SoldOut' : 'InStock'}`,
        validFrom: offsetDateTime(new Date(event.createdAt), zone),
        url,
      },
    };
  }

  /** `/near/:city`: title, Open Graph and a schema.org ItemList of the city's events. */
  function cityHead(page: NearCityResponse, locale: Locale): Head {
    const url = `${publicUrl}/near/${page.city.slug}`;
    const where = `${page.city.name}, ${page.city.country}`;
    const title = t(locale, 'page.city.title', { where });
    const description = truncate(
      t(locale, 'page.city.description', {
        events: page.events.length,
        communities: page.communities.length,
        radius: page.radiusKm,
        where,
      }),
      DESCRIPTION_MAX,
    );
    const image = absolute(DEFAULT_IMAGE);
    return {
      title: `${title} · ${SITE_NAME}`,
      canonical: url,
      meta: [
        { name: 'description', content: description },
        { property: 'og:type', content: 'website' },
        { property: 'og:site_name', content: SITE_NAME },
        { property: 'og:title', content: title },
        { property: 'og:description', content: description },
        { property: 'og:image', content: image },
        { property: 'og:url', content: url },
        { name: 'twitter:card', content: 'summary' },
        { name: 'twitter:title', content: title },
        { name: 'twitter:description', content: description },
        { name: 'twitter:image', content: image },
      ],
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: title,
        url,
        numberOfItems: page.events.length,
        itemListElement: page.events.map((event, n) => ({
          '@type': 'ListItem',
          position: n + 1,
          item: eventJsonLd(event),
        })),
      },
    };
  }

  /**
   * The city page's first paint, made on the server as plain text in HTML (the web app replaces
   * it when it starts): what a crawler and a slow phone read.
   */
  function cityMarkup(page: NearCityResponse, locale: Locale): string {
    const text = (key: MessageKey, params?: MessageParams) => escapeHtml(t(locale, key, params));
    const events = page.events.map((e) => {
      const when = writeInstant(
        locale,
        eventWhen({ ...e, timeZone: e.timeZone ?? page.city.timeZone }, 'long'),
      );
      return `<li><a href="/event/${escapeHtml(e.id)}">${escapeHtml(e.title)}</a> · ${escapeHtml(when)} · ${escapeHtml(e.location)}</li>`;
    });
    const communities = page.communities.map(
      (c) => `<li><a href="/c/${escapeHtml(c.slug)}">${escapeHtml(c.name)}</a></li>`,
    );
    return [
      `<main><h1>${text('page.city.heading', { where: `${page.city.name}, ${page.city.country}` })}</h1>`,
      `<h2>${text('page.city.upcoming')}</h2>`,
      events.length ? `<ul>${events.join('')}</ul>` : `<p>${text('page.city.noEvents')}</p>`,
      `<h2>${text('page.city.communities')}</h2>`,
      communities.length ? `<ul>${communities.join('')}</ul>` : `<p>${text('page.city.noCommunities')}</p>`,
      '</main>',
    ].join('');
  }

  /**
   * A community's title, description, Open Graph tags and a schema.org Organization. A private
   * community's name and description are public knowledge (its page shows them to anyone), but it
   * is kept out of search results and the sitemap.
   */
  function communityHead(community: Community, locale: Locale): Head {
    const url = `${publicUrl}/c/${encodeURIComponent(community.slug)}`;
    const where = community.place?.name ?? community.location;
    const about = community.description.trim() || t(locale, 'page.community.description');
    const description = truncate(where ? `${where} · ${about}` : about, DESCRIPTION_MAX);
    const image = absolute(community.imageUrl ?? DEFAULT_IMAGE);
    const open = community.visibility === 'PUBLIC';
    return {
      title: `${community.name} · ${SITE_NAME}`,
      canonical: url,
      meta: [
        ...(open ? [] : [{ name: 'robots', content: 'noindex' }]),
        ...previewMeta({ title: community.name, description, image, url, card: 'summary' }),
      ],
      ...(open
        ? {
            jsonLd: {
              '@context': 'https://schema.org',
              '@type': 'Organization',
              name: community.name,
              description: truncate(about, 1000),
              url,
              logo: image,
              ...(where ? { location: { '@type': 'Place', name: where, address: where } } : {}),
              ...(community.tags.length > 0 ? { keywords: community.tags.join(', ') } : {}),
              memberOf: { '@type': 'Organization', name: SITE_NAME, url: publicUrl },
            },
          }
        : {}),
    };
  }

  return {
    /**
     * `/c/:slug` for a signed-out visitor: its head and data (the community, its next events, its
     * news and its people as the API shows them to that visitor: a private one's are for members),
     * which the web app's renderer renders; undefined: the plain shell, a 404 page.
     */
    async communityPage(
      slug: string,
      locale: Locale = 'en',
    ): Promise<{ head: Head; data: CommunityPageData } | undefined> {
      const community = await deps.communities.findForAnonymous(slug);
      if (!community) return undefined;
      if (community.visibility !== 'PUBLIC')
        return {
          head: communityHead(community, locale),
          data: { community, upcoming: { events: [], nextCursor: null } },
        };
      // Independent reads, at once: the page waits for the slowest, not for their sum. What the
      // page shows comes with it, so the app asks for none of it after the first paint.
      const [upcoming, announcements, people, sponsors, recaps] = await Promise.all([
        deps.communities.events(undefined, community.slug, {
          when: 'upcoming',
          limit: COMMUNITY_PAGE_EVENTS,
        }),
        deps.announcements.list(community.slug, undefined),
        deps.communities.people(community.slug, undefined),
        deps.sponsors?.publicSponsors(community.slug, undefined),
        deps.albums?.featuredOfCommunity(community.slug, undefined),
      ]);
      const data: CommunityPageData = {
        community,
        upcoming,
        announcements,
        people,
        ...(sponsors ? { sponsors } : {}),
        ...(recaps ? { recaps: { recaps } } : {}),
      };
      return { head: communityHead(community, locale), data };
    },

    /**
     * `/event/:id` for a signed-out visitor who may see the event: its head and the event as the
     * public API shows it to them (what the page renders and embeds); else undefined.
     */
    async eventPage(
      id: string,
      locale: Locale = 'en',
    ): Promise<{ head: Head; event: PublicEventDto } | undefined> {
      const event = await deps.events.findForAnonymous(id);
      if (!event) return undefined;
      const backers = await deps.sponsors?.eventSponsors(event.id, undefined).catch(() => undefined);
      return { head: eventHead(event, locale, backers), event };
    },

    /** `/near/:city`: its head, first paint and data, or undefined for a city we do not know. */
    async cityPage(
      slug: string,
      locale: Locale = 'en',
    ): Promise<{ head: Head; markup: string; data: NearCityResponse } | undefined> {
      const page = await deps.cities.find(slug);
      if (!page) return undefined;
      // Events of other servers (decision 079) are no structured data or crawler text of ours.
      const ours = { ...page, events: page.events.filter((e) => !e.origin) };
      return { head: cityHead(ours, locale), markup: cityMarkup(ours, locale), data: page };
    },

    /**
     * `/recaps/:id` (decision 075): a recap as a signed-out visitor may read it, with Open Graph
     * tags (the cover as uploaded, a JPEG or PNG every preview reads), a schema.org Article about
     * the event crediting its author, and plain HTML for crawlers ending with the club's next event.
     */
    async recapPage(id: string, locale: Locale = 'en'): Promise<{ head: Head; markup: string } | undefined> {
      const page = await deps.albums?.recapPage(id);
      if (!page) return undefined;
      const { recap, next } = page;
      const url = `${publicUrl}/recaps/${recap.id}`;
      const eventUrl = `${publicUrl}/event/${recap.event.id}`;
      const description = truncate(recap.body, DESCRIPTION_MAX);
      const image = absolute(recap.cover?.imageUrl ?? DEFAULT_IMAGE);
      const meta = previewMeta({
        title: recap.title,
        description,
        image,
        url,
        card: recap.cover ? 'summary_large_image' : 'summary',
      }).map((m) =>
        'property' in m && m.property === 'og:type' ? { property: 'og:type', content: 'article' } : m,
      );
      const head: Head = {
        title: `${recap.title} · ${SITE_NAME}`,
        meta: [...meta, { property: 'article:published_time', content: recap.createdAt }],
        canonical: url,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: truncate(recap.title, 110),
          description,
          image: [image],
          datePublished: recap.createdAt,
          dateModified: recap.updatedAt,
          url,
          mainEntityOfPage: url,
          author: {
            '@type': 'Person',
            name: recap.author.fullName,
            url: `${publicUrl}/user/${recap.author.id}`,
          },
          publisher: { '@type': 'Organization', name: SITE_NAME, url: publicUrl },
          about: {
            '@type': 'Event',
            name: recap.event.title,
            startDate: offsetDateTime(new Date(recap.event.startDate), recap.event.timeZone),
            url: eventUrl,
          },
        },
      };
      const text = (key: MessageKey, params?: MessageParams) => escapeHtml(t(locale, key, params));
      const paragraphs = recap.body
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br />')}</p>`)
        .join('');
      const cover = recap.cover
        ? `<img src="${escapeHtml(recap.cover.imageUrl)}" alt="${escapeHtml(recap.cover.caption)}" />`
        : '';
      const nextLink = next
        ? `<p><a href="/event/${escapeHtml(next.id)}">${text('page.recap.next', {
            when: eventWhen(next),
          })}</a> · ${escapeHtml(next.title)}</p>`
        : '';
      const markup = [
        `<main><article>${cover}<h1>${escapeHtml(recap.title)}</h1>`,
        `<p>${text('page.recap.by', { name: recap.author.fullName })} · <a href="/event/${escapeHtml(recap.event.id)}">${escapeHtml(recap.event.title)}</a></p>`,
        paragraphs,
        `</article>${nextLink}</main>`,
      ].join('');
      return { head, markup };
    },

    /** The head of the 404 page of a city we do not know. */
    cityNotFound(locale: Locale): Head {
      return {
        title: `${t(locale, 'page.city.notFound')} · ${SITE_NAME}`,
        meta: [{ name: 'robots', content: 'noindex' }],
      };
    },

    /** Public profiles are for people who follow a link, not for search results. */
    profilePage(): Head {
      return { meta: [{ name: 'robots', content: 'noindex' }] };
    },

    robots(): string {
      return [
        'User-agent: *',
        ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /** The static public pages and the upcoming public events, for a signed-out visitor. */
    async sitemap(): Promise<string> {
      const events = await deps.events.upcomingForAnonymous(SITEMAP_EVENTS);
      const communities = await deps.communities.publicForSitemap(SITEMAP_COMMUNITIES);
      const entry = (path: string, lastmod?: Date) =>
        `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STATIC_PAGES.map((p) => entry(p)),
        ...events.map((e) => entry(`/event/${e.id}`, e.updatedAt)),
        ...(await deps.cities.slugsWithEvents(SITEMAP_CITIES)).map((slug) => entry(`/near/${slug}`)),
        ...communities.map((c) => entry(`/c/${encodeURIComponent(c.slug)}`, c.updatedAt)),
        '</urlset>',
        '',
      ].join('\n');
    },
  };
}
