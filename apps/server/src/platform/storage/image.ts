import { type ImageType, UPLOAD_MSG } from '@townsquare/contracts';
import sharp from 'sharp';
import { badRequest } from '../errors.ts';

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

/**
 * Checks that the bytes are a raster image and re-encodes them in the same format. Re-encoding
 * drops EXIF and every other metadata block (GPS positions in phone photos) and anything smuggled
 * after the image data; the orientation is applied to the pixels first.
 */
export async function sanitizeImage(bytes: Buffer): Promise<{ type: ImageType; data: Buffer }> {
  if (bytes.length === 0) throw badRequest(UPLOAD_MSG.empty);
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(UPLOAD_MSG.notAnImage);
  try {
    const animated = type === 'image/gif' || type === 'image/webp';
    const image = sharp(bytes, { animated, limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
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
