import { EVENT_BANNER_SIZES } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { createEventDto } from './features/events/event-fixtures.ts';
import { renderCommunityPage, renderEventPage, renderPage } from './prerender.tsx';
import { createCommunity } from './test/factories.ts';

describe('build-time rendering of the pages a visitor lands on', () => {
  it('renders the landing, sign-in and registration pages signed out, with their titles', async () => {
    const landing = await renderPage('/');
    expect(landing.title).toBe('Townsquare · Connect with your local community');
    expect(landing.markup).toContain('Get Started');
    expect(landing.markup).not.toContain('Checking your session');

    const login = await renderPage('/login');
    expect(login.title).toBe('Sign in · Townsquare');
    expect(login.markup).toContain('Welcome back');
    expect(login.markup).not.toContain('<title>');

    const register = await renderPage('/register');
    expect(register.markup).toContain('id="fullName"');
  });

  it('renders each page in the language asked for (the build writes one file per language)', async () => {
    const login = await renderPage('/login', 'de');
    expect(login.title).toBe('Anmelden · Townsquare');
    expect(login.markup).toContain('Willkommen zurück');
    expect(login.markup).not.toContain('Welcome back');
    // Formatting outside React follows the last render: English again for the next page.
    expect((await renderPage('/login')).markup).toContain('Welcome back');
  });

  it('renders forms disabled, so nothing is typed or submitted before the app runs', async () => {
    for (const path of ['/login', '/register']) {
      const { markup } = await renderPage(path);
      expect(markup, path).toMatch(/<fieldset disabled=""/);
      expect(markup, path).toMatch(/<button type="submit"[^>]* disabled=""/);
      expect(markup, path).not.toContain('<script');
    }
  });

  it('renders the phone menu button enabled: a click before the app runs is played again once it has (decision 058)', async () => {
    for (const path of ['/', '/login', '/register']) {
      const { markup } = await renderPage(path);
      const toggle = /<button[^>]*aria-expanded="false"[^>]*>/.exec(markup)?.[0];
      expect(toggle, path).toBeDefined();
      expect(toggle, path).not.toMatch(/\sdisabled=/);
    }
  });
});

describe('request-time rendering of a public event page', () => {
  it("renders the event's title, picture, time, place and description for a signed-out visitor", async () => {
    const event = {
      ...createEventDto({
        title: 'Repair café <Saturday>',
        location: 'Community hall, Market Street 4',
        description: 'Bring a broken lamp.',
        imageUrl: 'http://localhost:4000/uploads/event-image/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jpg',
      }),
      rsvps: [],
    };
    const { title, markup } = await renderEventPage(event);
    expect(title).toBe('Repair café &lt;Saturday&gt; · Townsquare');
    expect(markup).toContain('Repair café &lt;Saturday&gt;</h1>');
    expect(markup).toContain('Community hall, Market Street 4');
    expect(markup).toContain('Bring a broken lamp.');
    // The WebP copy for the page's width, same-origin, with the srcset the server's preload names.
    const copy = (w: number) => `/api/images/${w}/event-image/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jpg`;
    expect(markup).toContain(
      `<img src="${copy(960)}" srcSet="${copy(480)} 480w, ${copy(960)} 960w, ${copy(1600)} 1600w" sizes="${EVENT_BANNER_SIZES}" width="1600" height="900"`,
    );
    expect(markup).toMatch(/<img [^>]*fetchPriority="high"/);
    expect(markup).toContain('Sign in to RSVP');
    expect(markup).not.toContain('<title>');
    expect(markup).not.toMatch(/<script(?! type="application)/);
  });

  it('renders in the language the server passes as `{ locale }` (what <html lang> names)', async () => {
    const { markup } = await renderEventPage({ ...createEventDto(), rsvps: [] }, { locale: 'de' });
    expect(markup).toContain('Anmelden und zusagen');
    expect(markup).not.toContain('Sign in to RSVP');
  });

  it('renders controls enabled: the app hydrates this markup rather than replacing it', async () => {
    const { markup } = await renderEventPage({ ...createEventDto(), rsvps: [] });
    expect(markup).toMatch(/<button[^>]*aria-expanded="false"/);
    expect(markup).not.toMatch(/<button[^>]*aria-expanded="false"[^>]*disabled=""/);
  });
});

describe('request-time rendering of a community page', () => {
  const upcoming = {
    events: [createEventDto({ title: 'Sunday canal ride', startDate: '2027-01-10T10:00:00.000Z' })],
    nextCursor: null,
  };
  const announcements = {
    announcements: [
      {
        id: 'a1',
        title: 'New meeting point',
        message: 'We meet at the lock from now on.',
        createdAt: '2026-11-20T09:00:00.000Z',
        author: null,
      },
    ],
  };

  it('renders the community, its next event and its news as a signed-out visitor sees them', async () => {
    const community = createCommunity({
      name: 'Canal <Cyclists>',
      description: 'Slow rides.',
      memberCount: 12,
    });
    // The page has no <title> of its own: the server writes the head (title, Open Graph, JSON-LD).
    const { markup } = await renderCommunityPage({ community, upcoming, announcements });
    expect(markup).toMatch(/<h1[^>]*>Canal &lt;Cyclists&gt;/);
    expect(markup).toContain('Riverside Park');
    expect(markup).toContain('12 members');
    expect(markup).toContain('Slow rides.');
    expect(markup).toContain('Sunday canal ride');
    expect(markup).toContain('New meeting point');
    expect(markup).toMatch(/<a [^>]*href="\/login"[^>]*>Sign in to join<\/a>/);
    // Nothing signed-in only, and no boundary the server left for the browser to finish.
    expect(markup).not.toContain('Leave');
    expect(markup).not.toMatch(/>Chat</);
    expect(markup).not.toContain('<!--$!-->');
    expect(markup).not.toContain('<title>');
    expect(markup).not.toMatch(/<script/);
  });

  it('renders a private community without its events, and in the language asked for', async () => {
    const community = createCommunity({ name: 'Quiet Circle', visibility: 'PRIVATE' });
    const empty = { events: [], nextCursor: null };
    const english = await renderCommunityPage({ community, upcoming: empty });
    expect(english.markup).toContain('Quiet Circle');
    expect(english.markup).toContain('Private');
    expect(english.markup).not.toContain('Sunday canal ride');
    const german = await renderCommunityPage({ community, upcoming: empty }, { locale: 'de' });
    expect(german.markup).toContain('Quiet Circle');
    expect(german.markup).toContain('Zum Beitreten anmelden');
    expect(german.markup).toContain('Privat');
  });
});
