import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCatalogs } from '../../../../scripts/check-catalogs.mjs';
import { CATALOGS, t } from './i18n.ts';

const repository = path.resolve(import.meta.dirname, '../../../..');

/** Every catalog has every key of English, with the same placeholders (decision 043). */
describe('message catalogs', () => {
  it('the server catalogs and the web catalogs agree with English', () => {
    expect(checkCatalogs(repository)).toEqual([]);
  });

  it('every server message formats in every language', () => {
    const values = {
      name: 'Ana',
      title: 'Picnic',
      when: { at: '2027-01-12T18:00:00.000Z', zone: 'Europe/Berlin' },
      until: { at: '2027-01-12T18:00:00.000Z', zone: 'Europe/Berlin' },
      weekday: { at: '2027-01-12T18:00:00.000Z', zone: 'Europe/Berlin', style: 'weekday' as const },
      unit: 'hour',
      joining: 'yes',
      url: 'https://meet.example/picnic',
      amount: 2,
      others: 3,
      first: 'Ana',
      second: 'Ben',
      group: 'friends',
      outcome: 'hide',
      newAddress: 'ana@example.com',
      excerpt: 'hello',
      bringing: '2 × Chairs',
      location: 'the park',
      description: 'Bring a blanket',
      community: 'Runners',
      business: 'Café Kranz',
      days: 7,
      message: 'See you there',
      changes: { list: [{ key: 'notification.eventChanged.ended' as const }], separator: '; ' },
      items: '2 × Chairs',
      reason: { list: [{ key: 'notification.cancelReason.hostDeleted' as const }], separator: '' },
      total: 4,
      over: 'no',
      more: 1,
      city: 'Berlin',
      named: { list: [{ key: 'notification.someone' as const }], separator: ', ' },
      where: 'Berlin, DE',
      placed: 'yes',
      from: 'event',
      doorCode: 'K7QM-2XPA',
      events: 2,
      communities: 1,
      radius: 25,
      ticket: 'AB12CD',
      position: 3,
      status: 'maybe',
      count: 12,
      day: 'Tue 1 Dec',
    };
    for (const [locale, catalog] of Object.entries(CATALOGS))
      for (const key of Object.keys(catalog) as (keyof typeof catalog)[]) {
        const text = t(locale as keyof typeof CATALOGS, key, values);
        expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
      }
  });

  describe('the check', () => {
    let dir: string;
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('finds a missing key, a missing and an extra placeholder, bad syntax, and a stray file', async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'catalogs-'));
      const server = path.join(dir, 'apps/server/src/locales');
      const web = path.join(dir, 'apps/web/src/locales');
      await mkdir(server, { recursive: true });
      for (const lc of ['en', 'de']) await mkdir(path.join(web, lc), { recursive: true });
      await writeFile(path.join(server, 'en.json'), JSON.stringify({ a: 'Hi {name}', b: 'Bye' }));
      await writeFile(path.join(server, 'de.json'), JSON.stringify({ a: 'Hallo {nom}' }));
      await writeFile(
        path.join(web, 'en', 'common.json'),
        JSON.stringify({ 'common.n': '{n, plural, one {# item} other {# items}}' }),
      );
      await writeFile(
        path.join(web, 'de', 'common.json'),
        JSON.stringify({ 'common.n': '{n, plural, one {# Ding' }),
      );
      await writeFile(path.join(web, 'de', 'extra.json'), '{}');
      const problems = checkCatalogs(dir).join('\n');
      expect(problems).toMatch(/de\.json: missing "b"/);
      expect(problems).toMatch(/de\.json "a": placeholder missing: name/);
      expect(problems).toMatch(/de\.json "a": placeholder extra: nom/);
      expect(problems).toMatch(/de\/common\.json "common\.n": not ICU MessageFormat/);
      expect(problems).toMatch(/de\/extra\.json: no en\/extra\.json/);
    });
  });
});
