import { type ImageType, LIMITS, UPLOAD_MSG } from '@townsquare/contracts';
import sharp from 'sharp';
import { badRequest } from '../errors.ts';
import type { WorkQueue } from '../work-queue.ts';
import { type ImageCodec, inProcessCodec } from './image-codec.ts';

/** The raster format a file's first bytes announce, whatever its name or declared type. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

export const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export type SanitizeImage = (bytes: Buffer) => Promise<{ type: ImageType; data: Buffer }>;

/**
 * Checks that the bytes are a raster image and re-encodes them in the same format. Re-encoding
 * drops EXIF and every other metadata block (GPS positions in phone photos) and anything smuggled
 * after the image data; the orientation is applied to the pixels first.
 *
 * The cheap checks come first: the magic bytes, then the header's dimensions (a few kilobytes of
 * JPEG can announce 50 megapixels), refused over LIMITS.imageMaxPixels before anything is decoded.
 * Decoding and encoding run in `queue` (IMAGE_CONCURRENCY at once, a bounded waiting line, 503
 * beyond it), by `codec` (the server's: the low-priority image process, decision 036).
 */
export function createImageSanitizer(queue: WorkQueue, codec: ImageCodec = inProcessCodec): SanitizeImage {
  return async (bytes) => {
    if (bytes.length === 0) throw badRequest(UPLOAD_MSG.empty);
    const type = sniffImageType(bytes);
    if (!type) throw badRequest(UPLOAD_MSG.notAnImage);
    const animated = type === 'image/gif' || type === 'image/webp';
    const header = await sharp(bytes, { animated, limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw badRequest(UPLOAD_MSG.unreadable);
      });
    const pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0) * (header.pages ?? 1);
    if (pixels > LIMITS.imageMaxPixels) throw badRequest(UPLOAD_MSG.tooManyPixels);
    return queue.run(async () => {
      const data = await codec.reencode(bytes, type, animated).catch(() => {
        throw badRequest(UPLOAD_MSG.unreadable);
      });
      return { type, data };
    });
  };
}

export type ResizeImage = (bytes: Buffer, width: number) => Promise<Buffer>;

/**
 * A WebP copy of an image we stored (already checked and re-encoded), at most `width` pixels wide,
 * never enlarged; the first frame of an animation. Runs in `queue` by `codec`, like every decode.
 */
export function createImageResizer(queue: WorkQueue, codec: ImageCodec = inProcessCodec): ResizeImage {
  return (bytes, width) => queue.run(() => codec.resize(bytes, width));
}
