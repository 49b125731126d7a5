import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadImage, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Copies of pictures are made once, at upload, for every folder. */

const t = useTestApp();
const [owner] = useUsers(t, 1);

/** A stored picture of `owner` (the factories' signed-URL upload); answers its key. */
async function upload(folder: 'event-image' | 'profile-image') {
  const url = await uploadImage(t, owner, folder);
  return url.slice(url.indexOf(`${folder}/`));
}

const copyOf = (key: string, width: number) =>
  path.join(t.dataDir, 'uploads', key.replace(/\.png$/, `.w${width}.webp`));
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const getVariant = (width: string | number, key: string) =>
  t.app.inject({ method: 'GET', url: `/api/images/${width}/${key}` });

/** Counts the image queue's runs from now on (every decode goes through it). */
function countDecodes() {
  const run = t.images.run.bind(t.images);
  let runs = 0;
  t.images.run = ((...args: Parameters<typeof run>) => {
    runs += 1;
    return run(...args);
  }) as typeof run;
  return {
    count: () => runs,
    restore: () => {
      t.images.run = run;
    },
  };
}

describe('picture copies', () => {
  it('40 anonymous requests at once for a copy not made yet: one decode, and all 40 get it', async () => {
    const key = await upload('event-image');
    await rm(copyOf(key, 480)); // as a picture stored before copies existed
    const decodes = countDecodes();
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, () => getVariant(480, key)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
      for (const r of answers.slice(0, 3)) expect((await sharp(r.rawPayload).metadata()).format).toBe('webp');
      expect(decodes.count()).toBe(1);
    } finally {
      decodes.restore();
    }
    expect(await exists(copyOf(key, 480))).toBe(true);
  });

  it.each(['profile-image'] as const)(
    'a %s upload gets its copies at upload time (community pictures use these folders too)',
    async (folder) => {
      const key = await upload(folder);
      for (const width of [480, 960, 1600]) expect(await exists(copyOf(key, width))).toBe(true);
      const decodes = countDecodes();
      try {
        expect((await getVariant(480, key)).statusCode).toBe(200);
        expect(decodes.count()).toBe(0);
      } finally {
        decodes.restore();
      }
    },
  );

  it.each(['480.0', '0x1e0', '4.8e2', '0480', '+480', '480%20', '%20480'])(
    'a width written %s is not a width (404), only 480 is',
    async (alias) => {
      const key = await upload('event-image');
      expect((await getVariant(alias, key)).statusCode).toBe(404);
      expect((await getVariant('480', key)).statusCode).toBe(200);
    },
  );
});
