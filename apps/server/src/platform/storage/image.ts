import { type ImageType, LIMITS, UPLOAD_MSG } from '@townsquare/contracts';
import sharp from 'sharp';
import { badRequest } from '../errors.ts';
import type { WorkQueue } from '../work-queue.ts';

// One libvips thread per image: with IMAGE_CONCURRENCY at most half the cores, image work never
// takes the whole machine (the default is one thread per core for every image).
sharp.concurrency(1);

/** An image that takes longer than this to re-encode is refused as unreadable. */
const ENCODE_TIMEOUT_SECONDS = 20;

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
 * beyond it), each within ENCODE_TIMEOUT_SECONDS.
 */
export function createImageSanitizer(queue: WorkQueue): SanitizeImage {
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
    return queue.run(() => reencode(bytes, type, animated));
  };
}

async function reencode(bytes: Buffer, type: ImageType, animated: boolean) {
  try {
    const image = sharp(bytes, { animated, limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .rotate();
    const data =
      type === 'image/jpeg'
        ? await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer()
        : type === 'image/png'
          ? await image.png({ compressionLevel: 9 }).toBuffer()
          : type === 'image/gif'
            ? await image.gif().toBuffer()
            : await image.webp({ quality: 88 }).toBuffer();
    return { type, data };
  } catch {
    throw badRequest(UPLOAD_MSG.unreadable);
  }
}

export type ResizeImage = (bytes: Buffer, width: number) => Promise<Buffer>;

/**
 * A WebP copy of an image we stored (already checked and re-encoded), at most `width` pixels wide,
 * never enlarged; the first frame of an animation. Runs in `queue`, like every decode.
 */
export function createImageResizer(queue: WorkQueue): ResizeImage {
  return (bytes, width) =>
    queue.run(() =>
      sharp(bytes, { limitInputPixels: LIMITS.imageMaxPixels })
        .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer(),
    );
}
