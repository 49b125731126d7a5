import {
  fileTooLargeMessage,
  type ImageType,
  UPLOAD_FOLDERS,
  UPLOAD_MSG,
  type UploadFolder,
} from '@townsquare/contracts';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { EXTENSIONS, type SanitizeImage } from '../../platform/storage/image.ts';
import { isLocalStorage, type Storage } from '../../platform/storage/storage.ts';
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

export function createUploadsService(deps: { db: Database; storage: Storage; sanitizeImage: SanitizeImage }) {
  const { db, storage, sanitizeImage } = deps;

  function newKey(purpose: 'profile-image' | 'event-image', type: ImageType) {
    return `${purpose}/${uuidv7()}.${EXTENSIONS[type]}`;
  }

  return {
    /** Hands out a single-use, 15-minute PUT URL bound to the content type and the size limit. */
    async createSignedUrl(
      ownerId: string,
      input: { fileType: ImageType; folder?: UploadFolder },
      origin?: string,
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
          origin,
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
      return { key, publicUrl: storage.publicUrl(key) };
    },

    /** Multipart upload through the API itself (POST /api/upload/file). */
    async uploadFile(ownerId: string, bytes: Buffer, folder: UploadFolder | undefined) {
      const { purpose, maxBytes } = folderOf(folder);
      if (bytes.length > maxBytes) throw tooLarge(maxBytes);
      const image = await sanitizeImage(bytes);
      const key = newKey(purpose, image.type);
      await storage.write(key, image.data);
      await repo.insertStoredUpload(db, {
        key,
        ownerId,
        purpose,
        contentType: image.type,
        maxBytes,
        expiresAt: new Date(),
        sizeBytes: image.data.length,
      });
      const publicUrl = storage.publicUrl(key);
      return { signedUrl: publicUrl, publicUrl, url: publicUrl, key };
    },

    /**
     * True when `url` is one of our stored images, uploaded by `ownerId`. With S3, the first save
     * of an uploaded URL checks the object (present, within the size limit, a raster image of the
     * signed type), re-encodes it in place and marks the upload stored; a refused object is an
     * HttpError (400, 413) with the reason.
     */
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
      const { sizeBytes } = await storage.finalize(key, {
        contentType: row.contentType,
        maxBytes: row.maxBytes,
      });
      // A concurrent save of the same URL by the same owner may have claimed it first.
      if (await repo.claimUpload(db, key, sizeBytes, FINALIZE_GRACE_MS)) return true;
      return (await repo.findStoredUpload(db, key))?.ownerId === ownerId;
    },
  };
}
