import {
  fileTooLargeMessage,
  IMAGE_VARIANT_WIDTHS,
  type ImageType,
  UPLOAD_FOLDERS,
  UPLOAD_MSG,
  type UploadFolder,
} from '@townsquare/contracts';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import type { ReachedAt } from '../../platform/server-origin.ts';
import { EXTENSIONS, type ResizeImage, type SanitizeImage } from '../../platform/storage/image.ts';
import { isLocalStorage, KEY_PATTERN, type Storage, variantKey } from '../../platform/storage/storage.ts';
import * as repo from './uploads.repository.ts';

const URL_LIFETIME_MS = 15 * 60_000;
/**
 * With S3 the upload is checked when its URL is first saved, which may be well after the PUT
 * (a long profile form): an upload stays claimable for a day after its URL expired.
 */
const FINALIZE_GRACE_MS = 24 * 60 * 60_000;

export type UploadsService = ReturnType<typeof createUploadsService>;

const tooLarge = (maxBytes: number) => new HttpError(413, fileTooLargeMessage(maxBytes));

/** Event images are the default: the original client sends no folder for them. */
const folderOf = (folder: UploadFolder | undefined) => UPLOAD_FOLDERS[folder ?? 'event-image'];

/** Pictures that get WebP copies: not GIFs (a copy would be one still frame of the animation). */
const RESIZABLE = /\.(jpg|png|webp)$/;

/** What GET /api/images/:width/:key answers: the copy's bytes, or where the bucket serves it. */
export type ImageVariant = { data: Buffer } | { location: string };

export function createUploadsService(deps: {
  db: Database;
  storage: Storage;
  sanitizeImage: SanitizeImage;
  resizeImage: ResizeImage;
  /** Our origin as a caller reached it, a spoofed `Host` replaced by PUBLIC_URL's. */
  serverOrigin: (reached: ReachedAt) => string;
}) {
  const { db, storage, sanitizeImage, resizeImage, serverOrigin } = deps;

  /**
   * Copies being made on this instance, by copy key: single flight. Forty visitors
   * asking for a copy not made yet wait for one decode instead of starting forty (and filling the
   * image queue that real uploads need).
   */
  const making = new Map<string, Promise<Buffer>>();

  /** Makes and stores the WebP copy of `key` at `width` from the original's bytes (`read`), once at a time. */
  function makeVariant(key: string, width: number, read: () => Promise<Buffer>): Promise<Buffer> {
    const copy = variantKey(key, width);
    let flight = making.get(copy);
    if (!flight) {
      flight = (async () => {
        const data = await resizeImage(await read(), width);
        await storage.write(copy, data);
        return data;
      })().finally(() => making.delete(copy));
      making.set(copy, flight);
    }
    return flight;
  }

  /**
   * The WebP copies of a new picture (event, profile or community), made while its upload is
   * answered so that the page showing it next finds them. A failure (a busy image queue) costs
   * nothing but time later: the copy is made on its first request instead, so it never fails the
   * upload.
   */
  async function storeVariants(key: string, original: Buffer): Promise<void> {
    if (!RESIZABLE.test(key)) return;
    for (const width of IMAGE_VARIANT_WIDTHS) {
      await makeVariant(key, width, async () => original).catch(() => undefined);
    }
  }

  function newKey(purpose: 'profile-image' | 'event-image', type: ImageType) {
    return `${purpose}/${uuidv7()}.${EXTENSIONS[type]}`;
  }

  return {
    /** Hands out a single-use, 15-minute PUT URL bound to the content type and the size limit. */
    async createSignedUrl(
      ownerId: string,
      input: { fileType: ImageType; folder?: UploadFolder },
      reached: ReachedAt,
    ) {
      const { purpose, maxBytes } = folderOf(input.folder);
      const key = newKey(purpose, input.fileType);
      const expiresAt = new Date(Date.now() + URL_LIFETIME_MS);
      await repo.insertPendingUpload(db, {
        key,
        ownerId,
        purpose,
        contentType: input.fileType,
        maxBytes,
        expiresAt,
      });
      return {
        signedUrl: await storage.signedPutUrl({
          key,
          contentType: input.fileType,
          maxBytes,
          expiresAt,
          serverOrigin: serverOrigin(reached),
        }),
        publicUrl: storage.publicUrl(key),
        key,
        maxBytes,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * The browser's PUT to a signed URL of local storage: checked, re-encoded without metadata,
     * stored once. (With S3 the browser PUTs to the bucket and `isOwnImage` finalizes.)
     */
    async receive(
      key: string,
      query: Record<string, string | undefined>,
      contentType: string | undefined,
      body: Buffer,
    ) {
      if (!isLocalStorage(storage)) throw notFound(UPLOAD_MSG.signatureInvalid);
      const terms = storage.verify(key, query);
      if (!terms) throw forbidden(UPLOAD_MSG.signatureInvalid);
      if ((contentType ?? '').split(';')[0]?.trim().toLowerCase() !== terms.contentType) {
        throw badRequest(UPLOAD_MSG.contentTypeMismatch);
      }
      if (body.length > terms.maxBytes) throw tooLarge(terms.maxBytes);
      const image = await sanitizeImage(body);
      if (image.type !== terms.contentType) throw badRequest(UPLOAD_MSG.invalidType);
      if (!(await repo.claimUpload(db, key, image.data.length))) throw conflict(UPLOAD_MSG.alreadyUsed);
      try {
        await storage.write(key, image.data);
      } catch (error) {
        await repo.releaseUpload(db, key);
        throw error;
      }
      await storeVariants(key, image.data);
      return { key, publicUrl: storage.publicUrl(key) };
    },

    /**
     * The one path of a file sent through the API (POST /api/upload/file, the event form's
     * picture): size limit, checked and re-encoded (the image queue), its row stored. The bytes are
     * written only by `commit`, so a caller whose request may still fail (the event form: 404, 403,
     * 400 after the picture was read) commits after it succeeded and `abort`s otherwise, and a
     * failed request leaves no file behind.
     */
    async prepareFile(ownerId: string, bytes: Buffer, folder: UploadFolder | undefined) {
      const { purpose, maxBytes } = folderOf(folder);
      if (bytes.length > maxBytes) throw tooLarge(maxBytes);
      const image = await sanitizeImage(bytes);
      const key = newKey(purpose, image.type);
      await repo.insertStoredUpload(db, {
        key,
        ownerId,
        purpose,
        contentType: image.type,
        maxBytes,
        expiresAt: new Date(),
        sizeBytes: image.data.length,
      });
      return {
        key,
        publicUrl: storage.publicUrl(key),
        async commit() {
          await storage.write(key, image.data);
          await storeVariants(key, image.data);
        },
        abort: () => repo.deleteUpload(db, key),
      };
    },

    /** Multipart upload through the API itself (POST /api/upload/file). */
    async uploadFile(ownerId: string, bytes: Buffer, folder: UploadFolder | undefined) {
      const file = await this.prepareFile(ownerId, bytes, folder);
      try {
        await file.commit();
      } catch (error) {
        await file.abort();
        throw error;
      }
      return { signedUrl: file.publicUrl, publicUrl: file.publicUrl, url: file.publicUrl, key: file.key };
    },

    /**
     * True when `url` is one of our stored images, uploaded by `ownerId`. With S3, the first save
     * of an uploaded URL checks the object (present, within the size limit, a raster image of the
     * signed type), re-encodes it in place and marks the upload stored; a refused object is an
     * HttpError (400, 413) with the reason.
     */
    /**
     * Deletes a stored picture's bytes and its WebP copies (an album photo removed, decision 075).
     * The upload's row stays, so its owner's upload limits still count it.
     */
    async removeStored(key: string): Promise<void> {
      if (!KEY_PATTERN.test(key)) return;
      await Promise.all(
        [key, ...IMAGE_VARIANT_WIDTHS.map((w) => variantKey(key, w))].map((k) => storage.remove(k)),
      );
    },

    async isOwnImage(
      url: string,
      ownerId: string,
      purpose?: 'profile-image' | 'event-image',
    ): Promise<boolean> {
      const key = storage.keyFromPublicUrl(url);
      if (!key) return false;
      const row = await repo.findUpload(db, key);
      if (!row || row.ownerId !== ownerId || (purpose && row.purpose !== purpose)) return false;
      if (row.status === 'stored') return true;
      // Local storage stores on PUT: a pending row there is an upload that never arrived.
      if (!storage.finalize) return false;
      if (row.expiresAt.getTime() + FINALIZE_GRACE_MS < Date.now()) return false;
      const { sizeBytes, data } = await storage.finalize(key, {
        contentType: row.contentType,
        maxBytes: row.maxBytes,
      });
      // A concurrent save of the same URL by the same owner may have claimed it first.
      if (await repo.claimUpload(db, key, sizeBytes, FINALIZE_GRACE_MS)) {
        await storeVariants(key, data);
        return true;
      }
      return (await repo.findStoredUpload(db, key))?.ownerId === ownerId;
    },

    /**
     * The WebP copy of a stored picture at `width` (one of IMAGE_VARIANT_WIDTHS). A picture stored
     * before copies existed (or whose copy failed) gets it made now, from the original, and
     * stored for every later request. Only uploads the server has checked have copies: a pending
     * S3 object is nobody's picture yet. 404 for anything else.
     */
    async variant(key: string, width: number): Promise<ImageVariant> {
      const missing = notFound(UPLOAD_MSG.imageNotFound);
      if (!KEY_PATTERN.test(key) || !RESIZABLE.test(key)) throw missing;
      // Widened to number[] so that any number can be asked about (includes takes the tuple's type).
      if (!(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)) throw missing;
      const stored = variantKey(key, width);
      // The bucket serves its objects itself; local files are sent by this server.
      if (storage.kind === 's3' && (await storage.exists(stored)))
        return { location: storage.publicUrl(stored) };
      if (storage.kind === 'local') {
        const data = await storage.read(stored);
        if (data) return { data };
      }
      const data = await makeVariant(key, width, async () => {
        if (!(await repo.findStoredUpload(db, key))) throw missing;
        const original = await storage.read(key);
        if (!original) throw missing;
        return original;
      });
      return storage.kind === 's3' ? { location: storage.publicUrl(stored) } : { data };
    },
  };
}
