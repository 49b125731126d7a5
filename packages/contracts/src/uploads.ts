import { z } from 'zod';
import { text } from './fields.ts';
import { LIMITS } from './limits.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const UPLOAD_MSG = {
  invalidType: 'Invalid file type',
  fileNameRequired: 'File name is required',
  fileTypeRequired: 'File type is required',
  folderInvalid: 'Folder must be profile-image or event-image',
  empty: 'The file is empty',
  notAnImage: 'Please select an image file',
  unreadable: 'The image could not be read. Please choose another file.',
  signatureInvalid: 'This upload link is invalid or has expired. Please try again.',
  alreadyUsed: 'This upload link has already been used. Please try again.',
  contentTypeMismatch: 'The file type does not match the upload link',
  fileRequired: 'Please select an image file',
  notUploaded: 'The image was not uploaded. Please upload it again.',
  tooManyPixels: `The image is too large. Please choose one of at most ${LIMITS.imageMaxPixels / 1_000_000} megapixels.`,
  busy: 'The server is busy with other images. Please try again in a moment.',
  imageNotFound: 'Image not found',
} as const;

/** "File size must be less than 5MB" (spec section 5). */
export const fileTooLargeMessage = (maxBytes: number) =>
  `File size must be less than ${Math.round(maxBytes / 1024 / 1024)}MB`;

/**
 * Profile images are limited to 5 MB, event images to 10 MB. The original client sends
 * `profile-image` (or `profile-pic`) for profiles and no folder at all for event images.
 */
export const UPLOAD_FOLDERS = {
  'profile-image': { purpose: 'profile-image', maxBytes: LIMITS.imageMaxBytes },
  'profile-pic': { purpose: 'profile-image', maxBytes: LIMITS.imageMaxBytes },
  'event-image': { purpose: 'event-image', maxBytes: LIMITS.eventImageMaxBytes },
} as const;
export type UploadFolder = keyof typeof UPLOAD_FOLDERS;

export const signedUrlBody = z.object({
  fileName: text('File name', UPLOAD_MSG.fileNameRequired)
    .min(1, UPLOAD_MSG.fileNameRequired)
    .max(255, 'File name is too long'),
  fileType: text('File type', UPLOAD_MSG.fileTypeRequired)
    .min(1, UPLOAD_MSG.fileTypeRequired)
    .max(100, UPLOAD_MSG.invalidType)
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(IMAGE_TYPES, { error: UPLOAD_MSG.invalidType })),
  folder: z
    .enum(Object.keys(UPLOAD_FOLDERS) as [UploadFolder, ...UploadFolder[]], {
      error: UPLOAD_MSG.folderInvalid,
    })
    .optional(),
});

export const signedUrlResponse = z.object({
  signedUrl: z.string(),
  publicUrl: z.string(),
  key: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type SignedUrlResponse = z.infer<typeof signedUrlResponse>;

/** POST /api/upload/file: both the original `{signedUrl, publicUrl, key}` and `{url}` forms. */
export const fileUploadResponse = signedUrlResponse
  .pick({ signedUrl: true, publicUrl: true })
  .extend({ url: z.string(), key: z.string() });

/**
 * Widths (px) of the WebP copies of an event picture, for `srcset`: a phone takes the 480 or 960
 * one, a wide screen the 1600 one. A copy is never wider than the original (so a 700-pixel upload
 * has three copies of 700 pixels at most); the original is kept and stays `imageUrl`.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** The storage key at the end of one of our image URLs (local `/uploads/<key>` or the bucket's). */
const STORED_IMAGE = /(?:^|\/)((?:event-image|profile-image)\/[0-9a-f-]{36}\.(?:jpg|png|webp))$/;

/** Same-origin URL of one WebP copy of a stored image: works whatever address the page came from. */
export const imageVariantPath = (key: string, width: ImageVariantWidth) => `/api/images/${width}/${key}`;

/**
 * `src` and `srcSet` for an `<img>` of a stored picture: its WebP copies, on the page's own origin
 * (GET /api/images/:width/:key makes a missing copy on first request). Undefined for anything else
 * (no picture, a GIF, a URL that is not ours): show the URL as it is.
 */
export function imageSources(url: string | null | undefined): { src: string; srcSet: string } | undefined {
  const key = url ? STORED_IMAGE.exec(url)?.[1] : undefined;
  if (!key) return undefined;
  return {
    src: imageVariantPath(key, 960),
    srcSet: IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantPath(key, w)} ${w}w`).join(', '),
  };
}

/**
 * `sizes` of the event page's banner (the page's width, at most the 72rem container less its
 * padding): shared by the `<img>` and the server's `<link rel="preload">`, which must name the same
 * copy or the browser fetches two.
 */
export const EVENT_BANNER_SIZES = '(min-width: 72rem) 68rem, 100vw';
