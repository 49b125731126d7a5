import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createImageProcess } from './image-process.ts';

/**
 * 24 uploads of the largest accepted picture raised other people's login p99 6–9× on
 * 2 cores. Image work now runs in its own process at the lowest CPU priority (decision 036).
 */
const images = createImageProcess();
afterAll(() => images.close());

const png = (width: number) =>
  sharp({ create: { width, height: 20, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();

describe('the image process', () => {
  it('re-encodes and resizes in a child process running at the lowest CPU priority', async () => {
    const out = await images.reencode(await png(40), 'image/png', false);
    expect((await sharp(out).metadata()).format).toBe('png');
    const pid = images.pid();
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    expect(os.getPriority(pid)).toBe(19);
    const small = await images.resize(await png(400), 100);
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 100 });
  });

  // Linux keeps a nice value per thread: threads started before the process lowered its own
  // priority (libuv's pool, started while modules load) kept 0, and so did the libvips workers
  // they started, which do the decoding: the whole image process must run at 19.
  it.runIf(process.platform === 'linux')(
    'runs every one of its threads at the lowest CPU priority',
    async () => {
      await images.resize(await images.reencode(await png(300), 'image/png', false), 100);
      const pid = images.pid();
      const threads = readdirSync(`/proc/${pid}/task`);
      const nice = (tid: string) =>
        Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
      expect(threads.length).toBeGreaterThan(1);
      expect(threads.map(nice)).toEqual(threads.map(() => 19));
    },
  );

  it('runs at the priority it is given (IMAGE_NICE)', async () => {
    const gentler = createImageProcess(7);
    try {
      await gentler.reencode(await png(20), 'image/png', false);
      expect(os.getPriority(gentler.pid())).toBe(7);
    } finally {
      await gentler.close();
    }
  });

  it('refuses bytes it cannot decode and keeps serving', async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]);
    await expect(images.reencode(garbage, 'image/jpeg', false)).rejects.toThrow();
    expect((await sharp(await images.reencode(await png(10), 'image/png', false)).metadata()).width).toBe(10);
  });

  it('starts again after the process died, failing only the work it held', async () => {
    const first = images.pid();
    const held = images.reencode(await png(30), 'image/png', false);
    process.kill(first ?? 0, 'SIGKILL');
    await held.catch(() => undefined); // done before the kill, or failed by it
    // The exit is noticed on a later turn of the event loop.
    await new Promise<void>((resolve) => {
      const gone = () => (images.pid() === first ? setTimeout(gone, 10) : resolve());
      gone();
    });
    const again = await images.reencode(await png(12), 'image/png', false);
    expect((await sharp(again).metadata()).width).toBe(12);
    expect(images.pid()).not.toBe(first);
  });
});
