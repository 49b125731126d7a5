import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video (what Chromium's fake camera plays, looping) of `text` as a black-on-white QR code,
 * made here with the qrcode package: two identical grey-scale frames, 4:2:0, chroma neutral.
 */
export async function qrVideo(text: string, dir: string, name: string): Promise<string> {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const cell = Math.floor((Math.min(WIDTH, HEIGHT) * 0.95) / (size + 8));
  const left = Math.floor((WIDTH - size * cell) / 2);
  const top = Math.floor((HEIGHT - size * cell) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < cell; y++)
        luma.fill(
          16,
          (top + row * cell + y) * WIDTH + left + col * cell,
          (top + row * cell + y) * WIDTH + left + (col + 1) * cell,
        );
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(dir, `${name}.y4m`);
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

/** The system Chromium (as playwright.config.ts launches it) with a fake camera playing `video`. */
export function browserWithCamera(video: string) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
