import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fileTooLargeMessage, type ImageType, UPLOAD_MSG } from '@townsquare/contracts';
import { type S3Config, s3BucketUrl } from '../../config.ts';
import { badRequest, HttpError } from '../errors.ts';
import { EXTENSIONS, type SanitizeImage } from './image.ts';
import { IMMUTABLE_CACHE, publicUrls, type Storage } from './storage.ts';

/** A presigned PUT is valid for as long as our own upload URLs. */
const PUT_URL_LIFETIME_SECONDS = 15 * 60;

const TYPE_OF_EXTENSION = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type]),
) as Record<string, ImageType>;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

const isNotFound = (error: unknown) =>
  statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes((error as Error | null)?.name ?? '');

/**
 * Image storage in an S3-compatible bucket (AWS S3, MinIO, R2, s3rver). The browser PUTs straight
 * to the bucket with a presigned URL, so nothing checks the bytes on the way in; `finalize` does
 * that when the URL is first saved into a profile or an event, and replaces the object with its
 * re-encoded form (no EXIF).
 */
/** `sanitize` re-encodes what the browser PUT to the bucket (the app's one image queue). */
export function createS3Storage(options: S3Config, sanitize: SanitizeImage) {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them: a CRC32 header in a presigned URL would be one the
    // browser cannot compute, and some S3-compatible servers reject the flexible-checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = options.bucket;
  const base = `${options.publicUrl}/`;

  async function put(key: string, data: Buffer, contentType: string) {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE,
      }),
    );
  }

  /** Removes an object that was refused, so that our bucket does not go on serving it. */
  async function discard(key: string) {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
  }

  async function refuse(key: string, error: HttpError): Promise<never> {
    await discard(key);
    throw error;
  }

  const storage: Storage & {
    kind: 's3';
    client: S3Client;
    /** Origins the browser talks to: `upload` for the PUT (CSP connect-src), `public` for <img>. */
    origins: { upload: string; public: string };
    finalize: NonNullable<Storage['finalize']>;
  } = {
    kind: 's3',
    client,
    origins: {
      upload: new URL(s3BucketUrl(options)).origin,
      public: new URL(options.publicUrl).origin,
    },

    /**
     * A presigned PutObject bound to the key and the content type. The only headers signed are
     * `content-type` and `host` (which the browser sets itself): no checksum and no ACL header, so
     * a client that sends exactly the headers named in X-Amz-SignedHeaders succeeds. The size
     * limit cannot be signed into a PUT URL; `finalize` enforces it.
     */
    async signedPutUrl({ key, contentType, expiresAt }) {
      const expiresIn = Math.max(
        1,
        Math.min(PUT_URL_LIFETIME_SECONDS, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
      );
      return getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
        {
          expiresIn,
          signableHeaders: new Set(['content-type']),
        },
      );
    },

    ...publicUrls(base),

    async write(key, data) {
      const contentType = TYPE_OF_EXTENSION[key.slice(key.lastIndexOf('.') + 1)];
      if (!contentType) throw new Error(`not an image key: ${key}`);
      await put(key, data, contentType);
    },

    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch((error) => {
        if (isNotFound(error)) return undefined;
        throw error;
      });
      return object ? Buffer.from((await object.Body?.transformToByteArray()) ?? []) : undefined;
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async exists(key) {
      return client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
        () => true,
        (error) => {
          if (isNotFound(error)) return false;
          throw error;
        },
      );
    },

    async finalize(key, { contentType, maxBytes }) {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch((error) => {
        if (isNotFound(error)) throw badRequest(UPLOAD_MSG.notUploaded);
        throw error;
      });
      const size = head.ContentLength ?? 0;
      if (size > maxBytes) return refuse(key, new HttpError(413, fileTooLargeMessage(maxBytes)));
      if (size === 0) return refuse(key, badRequest(UPLOAD_MSG.empty));

      // One byte more than the limit at most, in case the object was replaced since the HEAD.
      const object = await client
        .send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${maxBytes}` }))
        .catch((error) => {
          if (isNotFound(error)) throw badRequest(UPLOAD_MSG.notUploaded);
          if (statusOf(error) === 416) throw badRequest(UPLOAD_MSG.empty);
          throw error;
        });
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      if (bytes.length > maxBytes) return refuse(key, new HttpError(413, fileTooLargeMessage(maxBytes)));

      let image: Awaited<ReturnType<SanitizeImage>>;
      try {
        image = await sanitize(bytes);
      } catch (error) {
        // A busy server (503) is no verdict on the object: it stays for a later try.
        if (error instanceof HttpError && error.statusCode !== 503) return refuse(key, error);
        throw error;
      }
      if (image.type !== contentType) return refuse(key, badRequest(UPLOAD_MSG.invalidType));
      await put(key, image.data, image.type);
      return { sizeBytes: image.data.length, data: image.data };
    },
  };
  return storage;
}

export type S3Storage = ReturnType<typeof createS3Storage>;
