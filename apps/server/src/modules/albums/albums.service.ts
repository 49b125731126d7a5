import { Readable } from 'node:stream';
import {
  type AddPhotoBody,
  ALBUM_LIMITS,
  ALBUM_MSG,
  type AlbumAudience,
  type AlbumResponse,
  type CreateRecapBody,
  EVENT_MSG,
  type EventPhoto,
  RECAP_LIMITS,
  RECAP_MSG,
  type Recap,
  type RecapSummary,
  type UpdateRecapBody,
} from '@townsquare/contracts';
import yazl from 'yazl';
import type { Database, Executor } from '../../db/client.ts';
import type { EventPhotoRow, EventRow, RecapRow, UserRow } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { recordEvent } from '../../platform/outbox.ts';
import { findUserById, people, presentPerson } from '../../platform/people.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { attended } from '../access/albums.ts';
import { findVisibleEvent, isHost } from '../access/events.ts';
import * as repo from './albums.repository.ts';

export type AlbumsService = ReturnType<typeof createAlbumsService>;

const DAY_MS = 24 * 60 * 60_000;

/** An event takes photos and recaps once it has started, unless it was called off. */
const started = (event: EventRow, now = new Date()) =>
  event.status !== 'DRAFT' && event.cancelledAt === null && event.startDate <= now;

const isCreator = (user: UserRow) => user.roles.includes('Creator');

/** The first characters of a recap's text, for lists. */
const excerptOf = (body: string) => (body.length <= 280 ? body : `${body.slice(0, 279).trimEnd()}…`);

/**
 * Event albums and recaps (decision 075). Every read starts from the event as the viewer may see
 * it (`visibleTo`) and the album's audience (`attendees`: hosts and people going only); blocks
 * hide photos and recaps both ways. Photos are uploads of the one upload path, whose pipeline
 * checked the bytes, re-encoded them without metadata and made the WebP copies.
 */
export function createAlbumsService(deps: {
  db: Database;
  storage: Pick<Storage, 'publicUrl' | 'keyFromPublicUrl' | 'read'>;
  /** modules/uploads: the URL is a stored image of the owner (S3: checked and re-encoded now). */
  isOwnImage: (url: string, ownerId: string, purpose: 'event-image') => Promise<boolean>;
  /** modules/communities: organisers feature recaps of their community's events. */
  isOrganizer: (communityId: string, userId: string) => Promise<boolean>;
  /** modules/communities: the community a slug names, as the viewer may see it (404 otherwise). */
  communityId: (slug: string, viewerId: string | undefined) => Promise<string>;
  /** modules/uploads: deletes a stored picture and its WebP copies (the upload module's storage). */
  removeStored?: (key: string) => Promise<void>;
}) {
  const { db, storage } = deps;

  /**
   * Removes a photo: its row (tags and recap choices go with it), then its stored bytes. A file
   * that could not be deleted is left behind (nobody can reach it from the API any more) rather
   * than failing a removal that already happened.
   */
  async function removePhotoRow(photoId: string): Promise<void> {
    const key = await repo.deletePhoto(db, photoId);
    if (key) await deps.removeStored?.(key).catch(() => undefined);
  }

  /** The event, if the viewer sees it; 404 otherwise (as the event itself answers). */
  async function visibleEvent(eventId: string, viewerId: string | undefined): Promise<EventRow> {
    const event = isUuid(eventId) ? await findVisibleEvent(db, eventId, viewerId) : undefined;
    if (!event) throw notFound(EVENT_MSG.notFound);
    return event;
  }

  /** What the viewer is to the event's album. */
  async function standing(event: EventRow, viewer: UserRow | undefined) {
    const [host, wasThere, album] = await Promise.all([
      isHost(db, event, viewer?.id),
      attended(db, event.id, viewer?.id),
      repo.findAlbum(db, event.id),
    ]);
    const audience: AlbumAudience = album?.audience ?? 'event';
    return { host, attended: wasThere, audience, open: audience === 'event' || wasThere };
  }

  /** The event, its album open to the viewer: 404 when the event is not visible, 403 when the album is for attendees. */
  async function openAlbum(eventId: string, viewer: UserRow | undefined) {
    const event = await visibleEvent(eventId, viewer?.id);
    const s = await standing(event, viewer);
    if (!s.open) throw forbidden(ALBUM_MSG.attendeesOnly);
    return { event, ...s };
  }

  async function presentPhotos(
    rows: EventPhotoRow[],
    viewerId: string | undefined,
    host: boolean,
  ): Promise<EventPhoto[]> {
    const tags = await repo.tagsOf(
      db,
      rows.map((r) => r.id),
    );
    const who = await people(db, [...rows.map((r) => r.addedBy), ...[...tags.values()].flat()]);
    return rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      imageUrl: storage.publicUrl(row.uploadKey),
      caption: row.caption,
      addedBy: presentPerson(row.addedBy, who.get(row.addedBy)),
      tags: (tags.get(row.id) ?? []).map((id) => presentPerson(id, who.get(id))),
      createdAt: row.createdAt.toISOString(),
      can: { remove: host || row.addedBy === viewerId },
    }));
  }

  async function presentRecaps(
    rows: RecapRow[],
    viewer: UserRow | undefined,
    withPhotos: boolean,
  ): Promise<(Recap | RecapSummary)[]> {
    const authors = await people(
      db,
      rows.map((r) => r.authorId),
    );
    const out: (Recap | RecapSummary)[] = [];
    for (const row of rows) {
      const event = await visibleEvent(row.eventId, viewer?.id);
      const host = await isHost(db, event, viewer?.id);
      const ids = withPhotos ? await repo.recapPhotoIds(db, row.id) : [];
      const found = await repo.photosByIds(
        db,
        row.eventId,
        [...ids, ...(row.coverPhotoId ? [row.coverPhotoId] : [])],
        viewer?.id,
      );
      const photos = await presentPhotos(
        ids.flatMap((id) => found.get(id) ?? []),
        viewer?.id,
        host,
      );
      const coverRow = row.coverPhotoId ? found.get(row.coverPhotoId) : undefined;
      const [cover] = coverRow ? await presentPhotos([coverRow], viewer?.id, host) : [];
      const author = row.authorId === viewer?.id;
      const base = {
        id: row.id,
        eventId: row.eventId,
        event: {
          id: event.id,
          title: event.title,
          startDate: event.startDate.toISOString(),
          timeZone: event.timeZone,
        },
        title: row.title,
        author: presentPerson(row.authorId, authors.get(row.authorId)),
        cover: cover ?? null,
        featured: row.featuredAt !== null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        can: {
          edit: author,
          remove: author || host,
          feature: event.communityId && viewer ? await deps.isOrganizer(event.communityId, viewer.id) : false,
        },
      };
      out.push(withPhotos ? { ...base, body: row.body, photos } : { ...base, excerpt: excerptOf(row.body) });
    }
    return out;
  }

  /** The recap, if the viewer may read it: its event visible, its album open, its author not blocked. */
  async function readableRecap(id: string, viewer: UserRow | undefined): Promise<RecapRow> {
    const row = isUuid(id) ? await repo.findRecap(db, id) : undefined;
    if (!row) throw notFound(RECAP_MSG.notFound);
    const event = await findVisibleEvent(db, row.eventId, viewer?.id);
    if (!event || !(await standing(event, viewer)).open) throw notFound(RECAP_MSG.notFound);
    const [seen] = await repo
      .recapsOfEvent(db, row.eventId, viewer?.id)
      .then((all) => all.filter((r) => r.id === row.id));
    if (!seen) throw notFound(RECAP_MSG.notFound);
    return row;
  }

  /** The chosen photos (all in the event's album, in order, no repeats) and the cover among them. */
  async function choosePhotos(
    tx: Executor,
    eventId: string,
    me: UserRow,
    photoIds: string[],
    coverPhotoId: string | null | undefined,
  ): Promise<{ ids: string[]; cover: string | null }> {
    const ids = [...new Set(photoIds)];
    if (!ids.every(isUuid)) throw badRequest(RECAP_MSG.photoInvalid);
    const found = await repo.photosByIds(tx, eventId, ids, me.id);
    if (found.size !== ids.length) throw badRequest(RECAP_MSG.photoInvalid);
    const cover = coverPhotoId ?? ids[0] ?? null;
    if (cover !== null && !ids.includes(cover)) throw badRequest(RECAP_MSG.coverNotChosen);
    return { ids, cover };
  }

  /** Album photos as moderation reads them (decision 075: reports of photos). */
  const moderation = {
    async readableBy(photoId: string, userId: string): Promise<boolean> {
      const photo = isUuid(photoId) ? await repo.findPhotoById(db, photoId) : undefined;
      if (!photo) return false;
      const event = await findVisibleEvent(db, photo.eventId, userId);
      if (!event) return false;
      const viewer = await findUserById(db, userId);
      if (!(await standing(event, viewer)).open) return false;
      return (await repo.photosByIds(db, event.id, [photo.id], userId)).size === 1;
    },
    async find(photoId: string) {
      const photo = isUuid(photoId) ? await repo.findPhotoById(db, photoId) : undefined;
      return photo && { ...photo, imageUrl: storage.publicUrl(photo.uploadKey) };
    },
    remove: (photoId: string) => removePhotoRow(photoId),
  };

  return {
    moderation,

    async album(
      eventId: string,
      viewer: UserRow | undefined,
      page: { cursor?: string; limit: number },
    ): Promise<AlbumResponse> {
      if (page.cursor !== undefined && !isUuid(page.cursor)) throw badRequest(ALBUM_MSG.cursorInvalid);
      const { event, host, attended: wasThere, audience } = await openAlbum(eventId, viewer);
      const rows = await repo.pageOfPhotos(db, event.id, viewer?.id, { ...page, limit: page.limit + 1 });
      const more = rows.length > page.limit;
      const shown = more ? rows.slice(0, page.limit) : rows;
      const canRecap =
        viewer !== undefined &&
        started(event) &&
        (host || (wasThere && isCreator(viewer))) &&
        !(await repo.recapsOfEvent(db, event.id, undefined)).some((r) => r.authorId === viewer.id);
      return {
        album: {
          eventId: event.id,
          audience,
          photoCount: await repo.countPhotos(db, event.id, viewer?.id),
          can: { add: wasThere && started(event), manage: host, recap: canRecap },
        },
        photos: await presentPhotos(shown, viewer?.id, host),
        nextCursor: more ? (shown.at(-1)?.id ?? null) : null,
      };
    },

    /**
     * Adds an uploaded image to the album: hosts and people going, once the event has started,
     * within the limits per event and per day (counted under a lock on the person, so parallel
     * adds cannot overrun them). The album's first photo records `album.first_photos`.
     */
    async addPhoto(me: UserRow, eventId: string, input: AddPhotoBody): Promise<EventPhoto> {
      const event = await visibleEvent(eventId, me.id);
      const { host, attended: wasThere } = await standing(event, me);
      if (!wasThere) throw forbidden(ALBUM_MSG.notAttendee);
      if (!started(event)) throw badRequest(ALBUM_MSG.notStarted);
      const key = storage.keyFromPublicUrl(input.imageUrl);
      if (!key || !(await deps.isOwnImage(input.imageUrl, me.id, 'event-image')))
        throw badRequest(ALBUM_MSG.imageInvalid);
      const row = await db.transaction(async (tx) => {
        await repo.lockAdder(tx, me.id);
        if ((await repo.countByAdderInEvent(tx, me.id, event.id)) >= ALBUM_LIMITS.photosPerPersonPerEvent)
          throw badRequest(ALBUM_MSG.tooManyForEvent);
        const today = await repo.addedInLastDay(tx, me.id);
        if (today.n >= ALBUM_LIMITS.photosPerPersonPerDay) {
          const freeAt = (today.oldest?.getTime() ?? Date.now()) + DAY_MS;
          throw tooManyRequests(ALBUM_MSG.tooManyToday, Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
        }
        const photo = await repo
          .insertPhoto(tx, {
            eventId: event.id,
            addedBy: me.id,
            uploadKey: key,
            caption: input.caption ?? '',
          })
          .catch((error: { code?: string; cause?: { code?: string } }) => {
            if (error.code === '23505' || error.cause?.code === '23505')
              throw conflict(ALBUM_MSG.alreadyAdded);
            throw error;
          });
        if (await repo.markFirstPhoto(tx, event.id))
          await recordEvent(tx, 'album.first_photos', { eventId: event.id, actorId: me.id });
        return photo;
      });
      const [photo] = await presentPhotos([row], me.id, host);
      if (!photo) throw new Error('photo not presented');
      return photo;
    },

    /** The uploader removes their own photo; a host removes any photo of their event. */
    async removePhoto(me: UserRow, eventId: string, photoId: string): Promise<void> {
      const event = await visibleEvent(eventId, me.id);
      const photo = isUuid(photoId) ? await repo.findPhoto(db, event.id, photoId) : undefined;
      if (!photo) throw notFound(ALBUM_MSG.photoNotFound);
      if (photo.addedBy !== me.id && !(await isHost(db, event, me.id)))
        throw forbidden(ALBUM_MSG.cannotRemove);
      await removePhotoRow(photo.id);
    },

    /**
     * Tags someone who was there in a photo: who added it, or a host. Nobody blocked either way
     * by the tagger; tagging twice is the same tag.
     */
    async tag(me: UserRow, eventId: string, photoId: string, userId: string): Promise<EventPhoto> {
      const event = await visibleEvent(eventId, me.id);
      const photo = isUuid(photoId) ? await repo.findPhoto(db, event.id, photoId) : undefined;
      if (!photo) throw notFound(ALBUM_MSG.photoNotFound);
      const host = await isHost(db, event, me.id);
      if (photo.addedBy !== me.id && !host) throw forbidden(ALBUM_MSG.cannotTag);
      if (!isUuid(userId) || !(await attended(db, event.id, userId))) throw badRequest(ALBUM_MSG.tagNotThere);
      if (await repo.blockedEitherWay(db, me.id, userId)) throw badRequest(ALBUM_MSG.tagNotThere);
      await repo.insertTag(db, photo.id, userId, me.id);
      const [shown] = await presentPhotos([photo], me.id, host);
      return shown as EventPhoto;
    },

    /** Removes a tag: the person tagged (always), who tagged them, or a host. */
    async untag(me: UserRow, eventId: string, photoId: string, userId: string): Promise<void> {
      const event = await visibleEvent(eventId, me.id);
      const photo = isUuid(photoId) ? await repo.findPhoto(db, event.id, photoId) : undefined;
      if (!photo) throw notFound(ALBUM_MSG.photoNotFound);
      const tag = isUuid(userId) ? await repo.findTag(db, photo.id, userId) : undefined;
      if (!tag) throw notFound(ALBUM_MSG.tagNotFound);
      if (tag.userId !== me.id && tag.taggedBy !== me.id && !(await isHost(db, event, me.id)))
        throw forbidden(ALBUM_MSG.cannotUntag);
      await repo.deleteTag(db, photo.id, userId);
    },

    preferences: (me: UserRow) => repo.preferencesOf(db, me.id),

    async setPreferences(me: UserRow, hideTaggedFromOutsiders: boolean) {
      await repo.setPreferences(db, me.id, hideTaggedFromOutsiders);
      return repo.preferencesOf(db, me.id);
    },

    /**
     * The album as a zip for its hosts: every photo as stored (metadata already stripped), named
     * by its order and id, read one at a time as the zip is written (yazl's lazy entries), stored
     * without compression (JPEG, PNG and WebP are compressed already), and `photos.json` with who
     * added each, its caption and tags.
     */
    async zip(me: UserRow, eventId: string): Promise<{ title: string; stream: NodeJS.ReadableStream }> {
      const event = await visibleEvent(eventId, me.id);
      if (!(await isHost(db, event, me.id))) throw forbidden(ALBUM_MSG.notHost);
      const rows = await repo.allPhotos(db, event.id, me.id);
      const photos = await presentPhotos(rows, me.id, true);
      const zip = new yazl.ZipFile();
      const mtime = new Date();
      const names = rows.map(
        (row, i) => `photos/${String(i + 1).padStart(4, '0')}-${row.id}.${row.uploadKey.split('.').pop()}`,
      );
      zip.addBuffer(
        Buffer.from(
          `${JSON.stringify(
            {
              event: { id: event.id, title: event.title, startDate: event.startDate.toISOString() },
              photos: photos.map((p, i) => ({
                file: names[i],
                caption: p.caption,
                addedBy: p.addedBy.fullName,
                tags: p.tags.map((t) => t.fullName),
                createdAt: p.createdAt,
              })),
            },
            null,
            2,
          )}\n`,
        ),
        'photos.json',
        { mtime },
      );
      rows.forEach((row, i) => {
        zip.addReadStreamLazy(names[i] as string, { mtime, compress: false }, (done) => {
          storage.read(row.uploadKey).then(
            (data) => done(null, Readable.from([data ?? Buffer.alloc(0)])),
            (error: unknown) => done(error, Readable.from([])),
          );
        });
      });
      zip.end();
      return { title: event.title, stream: zip.outputStream };
    },

    /** Hosts choose who sees a public event's album: whoever sees the event, or its attendees only. */
    async setAudience(me: UserRow, eventId: string, audience: AlbumAudience) {
      const event = await visibleEvent(eventId, me.id);
      if (!(await isHost(db, event, me.id))) throw forbidden(ALBUM_MSG.notHost);
      await repo.setAudience(db, event.id, audience);
      return this.album(event.id, me, { limit: ALBUM_LIMITS.pageDefault });
    },

    // --- recaps ---

    /**
     * A recap by a host, or by a Creator who was going, once the event has started; one per
     * author and event, published at once (`recap.published`).
     */
    async createRecap(me: UserRow, eventId: string, input: CreateRecapBody): Promise<Recap> {
      const event = await visibleEvent(eventId, me.id);
      const s = await standing(event, me);
      if (!(s.host || (s.attended && isCreator(me)))) throw forbidden(RECAP_MSG.notAllowed);
      if (!started(event)) throw badRequest(RECAP_MSG.notStarted);
      const row = await db.transaction(async (tx) => {
        const { ids, cover } = await choosePhotos(tx, event.id, me, input.photoIds, input.coverPhotoId);
        const recap = await repo.insertRecap(tx, {
          eventId: event.id,
          authorId: me.id,
          title: input.title,
          body: input.body,
          coverPhotoId: cover,
        });
        if (!recap) throw conflict(RECAP_MSG.alreadyWritten);
        await repo.setRecapPhotos(tx, recap.id, ids);
        await recordEvent(tx, 'recap.published', {
          recapId: recap.id,
          eventId: event.id,
          actorId: me.id,
          title: recap.title,
        });
        return recap;
      });
      return this.recap(row.id, me);
    },

    async recap(id: string, viewer: UserRow | undefined): Promise<Recap> {
      const row = await readableRecap(id, viewer);
      const [recap] = await presentRecaps([row], viewer, true);
      return recap as Recap;
    },

    async recapsOfEvent(eventId: string, viewer: UserRow | undefined): Promise<RecapSummary[]> {
      const { event } = await openAlbum(eventId, viewer);
      const rows = await repo.recapsOfEvent(db, event.id, viewer?.id);
      return (await presentRecaps(rows, viewer, false)) as RecapSummary[];
    },

    async updateRecap(me: UserRow, id: string, input: UpdateRecapBody): Promise<Recap> {
      const row = await readableRecap(id, me);
      if (row.authorId !== me.id) throw forbidden(RECAP_MSG.notAuthor);
      await db.transaction(async (tx) => {
        let coverPhotoId = row.coverPhotoId;
        if (input.photoIds !== undefined || input.coverPhotoId !== undefined) {
          const current = input.photoIds ?? (await repo.recapPhotoIds(tx, row.id));
          const { ids, cover } = await choosePhotos(
            tx,
            row.eventId,
            me,
            current,
            input.coverPhotoId === undefined
              ? current.includes(row.coverPhotoId ?? '')
                ? row.coverPhotoId
                : null
              : input.coverPhotoId,
          );
          await repo.setRecapPhotos(tx, row.id, ids);
          coverPhotoId = cover;
        }
        await repo.updateRecap(tx, row.id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.body !== undefined ? { body: input.body } : {}),
          coverPhotoId,
        });
      });
      return this.recap(row.id, me);
    },

    async removeRecap(me: UserRow, id: string): Promise<void> {
      const row = await readableRecap(id, me);
      if (row.authorId !== me.id) {
        const event = await visibleEvent(row.eventId, me.id);
        if (!(await isHost(db, event, me.id))) throw forbidden(RECAP_MSG.cannotRemove);
      }
      await repo.deleteRecap(db, row.id);
    },

    /** Organisers of the event's community feature a recap on the community page, or stop. */
    async feature(me: UserRow, id: string, featured: boolean): Promise<Recap> {
      const row = await readableRecap(id, me);
      const event = await visibleEvent(row.eventId, me.id);
      if (!event.communityId) throw badRequest(RECAP_MSG.noCommunity);
      if (!(await deps.isOrganizer(event.communityId, me.id))) throw forbidden(RECAP_MSG.notOrganizer);
      await repo.updateRecap(db, row.id, {
        featuredAt: featured ? new Date() : null,
        featuredBy: featured ? me.id : null,
      });
      return this.recap(row.id, me);
    },

    /**
     * A recap as a signed-out visitor reads it, for its server-rendered page, with the next event
     * of the club to come to; undefined when a visitor may not read it.
     */
    async recapPage(id: string) {
      const recap = await this.recap(id, undefined).catch(() => undefined);
      if (!recap) return undefined;
      const event = await findVisibleEvent(db, recap.eventId, undefined);
      const next = event ? await repo.nextEventAfter(db, event) : undefined;
      return {
        recap,
        next: next ? { ...next, startDate: next.startDate.toISOString() } : null,
      };
    },

    /** The featured recaps of a community page, as the viewer may read them. */
    async featuredOfCommunity(slug: string, viewer: UserRow | undefined): Promise<RecapSummary[]> {
      const communityId = await deps.communityId(slug, viewer?.id);
      const rows = await repo.featuredOfCommunity(db, communityId, viewer?.id, RECAP_LIMITS.featuredMax);
      return (await presentRecaps(rows, viewer, false)) as RecapSummary[];
    },
  };
}
