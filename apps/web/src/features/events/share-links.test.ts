import { describe, expect, it } from 'vitest';
import { eventUrl, googleCalendarUrl, outlookCalendarUrl } from './share-links.ts';

const event = {
  id: 'e1',
  title: 'Supper & songs',
  description: 'Bring a dish.',
  location: 'Corner café, Elm Street',
  startDate: '2027-01-12T18:00:00.000Z',
  endDate: '2027-01-12T20:00:00.000Z',
  timeZone: 'Europe/Berlin',
};

describe('share and calendar links', () => {
  it('Google Calendar gets the UTC span, the zone, the place and a link back', () => {
    const url = new URL(googleCalendarUrl(event, 'https://town.example'));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Supper & songs');
    expect(url.searchParams.get('dates')).toBe('20270112T180000Z/20270112T200000Z');
    expect(url.searchParams.get('ctz')).toBe('Europe/Berlin');
    expect(url.searchParams.get('location')).toBe('Corner café, Elm Street');
    expect(url.searchParams.get('details')).toBe('Bring a dish.\n\nhttps://town.example/event/e1');
  });

  it('Outlook gets the compose form with ISO times', () => {
    const url = new URL(outlookCalendarUrl(event, 'https://town.example'));
    expect(url.hostname).toBe('outlook.live.com');
    expect(url.searchParams.get('subject')).toBe('Supper & songs');
    expect(url.searchParams.get('startdt')).toBe('2027-01-12T18:00:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2027-01-12T20:00:00.000Z');
    expect(url.searchParams.get('rru')).toBe('addevent');
  });

  it('the shared address is the event page', () => {
    expect(eventUrl('e 1', 'https://town.example')).toBe('https://town.example/event/e%201');
  });
});
