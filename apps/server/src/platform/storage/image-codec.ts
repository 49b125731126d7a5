import { type ImageType, LIMITS } from '@townsquare/contracts';
import sharp from 'sharp';

// One libvips thread per image: with IMAGE_CONCURRENCY at most half the cores, image work never
// takes the whole machine (the default is one thread per core for every image).
sharp.concurrency(1);

/** An image that takes longer than this to re-encode is refused as unreadable. */
const ENCODE_TIMEOUT_SECONDS = 20;

/**
 * The decoding and encoding itself, wherever it runs: in the image process (image-process.ts, at
 * the lowest CPU priority) or, in tools and tests that need no isolation, in this process.
 * A rejection means the bytes could not be decoded.
 */
export type ImageCodec = {
  reencode(bytes: Buffer, type: ImageType, animated: boolean): Promise<Buffer>;
  resize(bytes: Buffer, width: number): Promise<Buffer>;
  close(): Promise<void>;
};

export const inProcessCodec: ImageCodec = {
  async reencode(bytes, type, animated) {
    const image = sharp(bytes, { animated, limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .rotate();
    return type === 'image/jpeg'
      ? image.jpeg({ quality: 88, mozjpeg: true }).toBuffer()
      : type === 'image/png'
        ? image.png({ compressionLevel: 9 }).toBuffer()
        : type === 'image/gif'
          ? image.gif().toBuffer()
          : image.webp({ quality: 88 }).toBuffer();
  },
  resize(bytes, width) {
    return sharp(bytes, { limitInputPixels: LIMITS.imageMaxPixels })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  },
  async close() {},
};
