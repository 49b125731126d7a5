import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, Group, isActor } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { useTestPool } from '../../test/test-app.ts';
import { placed } from './inbound-events.ts';
import { htmlToText, readRemoteEvent } from './remote-event-object.ts';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8'),
  ) as Record<string, unknown>;

const pool = useTestPool();

describe('golden objects of other event software (decision 079)', () => {
  it('a Mobilizon Event: its instant, its zone, its place with a PostalAddress, its text without markup', async () => {
    const event = readRemoteEvent(fixture('mobilizon-event.json'));
    expect(event).toBeDefined();
    const e = await placed(pool.handle.db, event!);
    expect(e).toMatchObject({
      apId: 'https://mobilizon.example/events/7f2c3e2a-5b1d-4c9e-9a3f-0d8e6b1a2c34',
      actorUri: 'https://mobilizon.example/@repair_leipzig',
      title: 'Repair Café Plagwitz',
      timeZone: 'Europe/Berlin',
      placeName: 'Westwerk',
      placeAddress: 'Karl-Heine-Straße 85, 04229 Leipzig',
      city: 'Leipzig',
      country: 'DE',
      lat: 51.3306,
      lon: 12.3348,
      online: false,
      status: 'CONFIRMED',
      capacity: 40,
      participantCount: 12,
    });
    expect(e.startDate.toISOString()).toBe('2027-03-13T13:00:00.000Z');
    expect(e.endDate.toISOString()).toBe('2027-03-13T17:00:00.000Z');
    expect(e.description).toBe('Bring your broken toasters, bikes & lamps.\n\nCoffee is on us.');
  });

  it('a Gancio Event: no zone and no point, so both come from the city its address names', async () => {
    const event = readRemoteEvent(fixture('gancio-event.json'));
    expect(event).toBeDefined();
    expect(event).toMatchObject({ city: 'Leipzig', lat: undefined, timeZone: undefined });
    const e = await placed(pool.handle.db, event!);
    expect(e).toMatchObject({
      apId: 'https://gancio.example/federation/m/412',
      actorUri: 'https://gancio.example/federation/u/relay',
      url: 'https://gancio.example/event/critical-mass-412',
      title: 'Critical Mass',
      placeName: 'Augustusplatz',
      placeAddress: 'Augustusplatz, 04109 Leipzig',
      city: 'Leipzig',
      country: 'DE',
      timeZone: 'Europe/Berlin',
    });
    expect(e.lat).toBeCloseTo(51.34, 1);
    expect(e.lon).toBeCloseTo(12.37, 1);
    expect(e.startDate.toISOString()).toBe('2027-03-26T18:00:00.000Z');
    expect(e.description).toBe('Last Friday of the month: we ride.\nLights on!');
  });

  it('their Group and instance actors are actors the library reads, with inboxes to follow', async () => {
    const group = await Group.fromJsonLd(fixture('mobilizon-group.json'));
    expect(isActor(group)).toBe(true);
    expect(group.inboxId?.href).toBe('https://mobilizon.example/@repair_leipzig/inbox');
    expect(group.preferredUsername?.toString()).toBe('repair_leipzig');
    const gancio = await Application.fromJsonLd(fixture('gancio-actor.json'));
    expect(isActor(gancio)).toBe(true);
    expect(gancio.endpoints?.sharedInbox?.href).toBe('https://gancio.example/federation/u/relay/inbox');
  });

  it('refuses what is not a readable public event', () => {
    const base = fixture('mobilizon-event.json');
    expect(
      readRemoteEvent({ ...base, to: [], cc: ['https://mobilizon.example/@repair_leipzig/followers'] }),
    ).toBeUndefined();
    expect(readRemoteEvent({ ...base, type: 'Note' })).toBeUndefined();
    expect(readRemoteEvent({ ...base, startTime: '2027-03-13T14:00:00' })).toBeUndefined();
    expect(readRemoteEvent({ ...base, content: 'x'.repeat(70 * 1024) })).toBeUndefined();
    expect(readRemoteEvent({ ...base, timezone: 'Mars/Olympus' })?.timeZone).toBeUndefined();
    expect(readRemoteEvent({ ...base, 'ical:status': 'CANCELLED' })?.status).toBe('CANCELLED');
  });

  it('remote HTML becomes text: scripts dropped, entities decoded, tags gone', () => {
    expect(htmlToText('<p>a &lt;b&gt; <img src=x onerror=alert(1)>c</p><style>p{}</style>&#x1F600;')).toBe(
      'a <b> c\n\n😀',
    );
  });
});
