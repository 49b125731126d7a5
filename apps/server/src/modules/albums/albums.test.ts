import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ALBUM_LIMITS,
  ALBUM_MSG,
  albumResponse,
  photoResponse,
  RECAP_MSG,
  recapResponse,
  recapsResponse,
  signedUrlResponse,
} from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventPhotos, uploads } from '../../db/schema/index.ts';
import { eventually } from '../../test/eventually.ts';
import {
  createCommunity,
  createEvent,
  createUser,
  mailMatching,
  notificationsOf,
  requestAs,
  requestOk,
  type TestUser,
  uploadImage,
  useUsers,
} from '../../test/factories.ts';
import { testImages } from '../../test/images.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const inject = requestAs(t);
const [host, goer, stranger, creator, blocker] = useUsers(t, [
  {},
  {},
  {},
  { roles: ['Member', 'Creator'] },
  {},
]);

let jpegWithGps: Buffer;
beforeAll(async () => {
  ({ jpegWithGps } = await testImages());
});

/** A public event by `host` that `going` answered, moved so that it started an hour ago. */
async function pastEvent(going: TestUser[] = [goer], overrides: Record<string, unknown> = {}) {
  const id = await createEvent(t, host, overrides);
  for (const person of going)
    await requestOk(t, person, 'POST', `/api/events/${id}/rsvp`, { status: 'going' });
  await t.db.execute(
    sql`update events set start_date = now() - interval '1 hour', end_date = now() + interval '1 hour' where id = ${id}`,
  );
  return id;
}

const addPhoto = (user: TestUser, eventId: string, imageUrl: string, caption?: string) =>
  inject('POST', `/api/events/${eventId}/album`, user, { imageUrl, ...(caption ? { caption } : {}) });

async function added(user: TestUser, eventId: string) {
  const res = await addPhoto(user, eventId, await uploadImage(t, user, 'event-image'));
  expect(res.statusCode, res.body).toBe(201);
  return photoResponse.parse(res.json()).photo;
}

const albumOf = async (eventId: string, user?: TestUser) => {
  const res = await inject('GET', `/api/events/${eventId}/album`, user);
  return {
    status: res.statusCode,
    body: res.statusCode === 200 ? albumResponse.parse(res.json()) : res.json(),
  };
};

describe('adding photos', () => {
  it('lets a host and someone going add photos, and refuses a stranger (403)', async () => {
    const id = await pastEvent();
    const mine = await added(goer, id);
    expect(mine.addedBy.id).toBe(goer.user.id);
    expect(mine.can.remove).toBe(true);
    await added(host, id);

    const res = await addPhoto(stranger, id, await uploadImage(t, stranger, 'event-image'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ALBUM_MSG.notAttendee);
    expect(res.json().code).toBe('ALBUM_NOT_ATTENDEE');

    const anonymous = await inject('POST', `/api/events/${id}/album`, undefined, { imageUrl: mine.imageUrl });
    expect(anonymous.statusCode).toBe(401);

    const album = await albumOf(id, stranger);
    expect(album.status).toBe(200);
    expect(album.body.photos.map((p: { addedBy: { id: string } }) => p.addedBy.id)).toEqual([
      goer.user.id,
      host.user.id,
    ]);
    expect(album.body.album.can).toEqual({ add: false, manage: false, recap: false });
  });

  it('refuses photos before the event started, images that are not the caller’s, and the same upload twice', async () => {
    const future = await createEvent(t, host);
    const early = await addPhoto(host, future, await uploadImage(t, host, 'event-image'));
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(ALBUM_MSG.notStarted);

    const id = await pastEvent();
    const hostsImage = await uploadImage(t, host, 'event-image');
    const notMine = await addPhoto(goer, id, hostsImage);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(ALBUM_MSG.imageInvalid);
    const elsewhere = await addPhoto(goer, id, 'https://example.com/cat.jpg');
    expect(elsewhere.statusCode).toBe(400);
    const blank = await inject('POST', `/api/events/${id}/album`, goer, { imageUrl: '' });
    expect(blank.statusCode).toBe(400);
    const longCaption = await addPhoto(goer, id, hostsImage, 'x'.repeat(ALBUM_LIMITS.captionMax + 1));
    expect(longCaption.statusCode).toBe(400);
    expect(longCaption.json().message).toBe(ALBUM_MSG.captionTooLong);

    expect((await addPhoto(host, id, hostsImage)).statusCode).toBe(201);
    const twice = await addPhoto(host, id, hostsImage);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALBUM_MSG.alreadyAdded);

    const missing = await inject('POST', '/api/events/not-an-id/album', host, { imageUrl: hostsImage });
    expect(missing.statusCode).toBe(404);
  });

  it('strips GPS and camera metadata before anything is stored, copies included', async () => {
    const id = await pastEvent();
    // The fixture really carries them.
    const before = await sharp(jpegWithGps).metadata();
    expect(before.exif).toBeDefined();
    expect(jpegWithGps.includes(Buffer.from('Secret Phone'))).toBe(true);

    const signed = await inject('POST', '/api/upload/signed-url', goer, {
      fileName: 'run.jpg',
      fileType: 'image/jpeg',
      folder: 'event-image',
    });
    const target = signedUrlResponse.parse(signed.json());
    const { pathname, search } = new URL(target.signedUrl, t.config.publicUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${pathname}${search}`,
      headers: { 'content-type': 'image/jpeg' },
      payload: jpegWithGps,
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await addPhoto(goer, id, target.publicUrl, 'Start line');
    expect(res.statusCode, res.body).toBe(201);
    const photo = photoResponse.parse(res.json()).photo;
    expect(photo.caption).toBe('Start line');

    const stored = await inject('GET', new URL(photo.imageUrl).pathname);
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    for (const secret of ['Secret Phone', 'PhoneCo', 'Exif'])
      expect(stored.rawPayload.includes(Buffer.from(secret))).toBe(false);

    const key = new URL(photo.imageUrl).pathname.replace('/uploads/', '');
    const copy = await inject('GET', `/api/images/480/${key}`);
    expect(copy.statusCode).toBe(200);
    expect((await sharp(copy.rawPayload).metadata()).exif).toBeUndefined();
    expect(copy.rawPayload.includes(Buffer.from('Secret Phone'))).toBe(false);
  });

  it('limits photos per person and event (400) and per day (429), with readable messages', async () => {
    const person = await createUser(t);
    const id = await pastEvent([person]);
    // Photos already added, written directly: the limits count rows, however they came.
    const fill = async (eventId: string, n: number) => {
      const keys = Array.from({ length: n }, () => `event-image/${crypto.randomUUID()}.png`);
      await t.db.insert(uploads).values(
        keys.map((key) => ({
          id: crypto.randomUUID(),
          key,
          ownerId: person.user.id,
          purpose: 'event-image' as const,
          contentType: 'image/png',
          maxBytes: 1,
          status: 'stored' as const,
          expiresAt: new Date(),
        })),
      );
      await t.db
        .insert(eventPhotos)
        .values(
          keys.map((uploadKey) => ({ id: crypto.randomUUID(), eventId, addedBy: person.user.id, uploadKey })),
        );
    };
    await fill(id, ALBUM_LIMITS.photosPerPersonPerEvent);
    const over = await addPhoto(person, id, await uploadImage(t, person, 'event-image'));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(ALBUM_MSG.tooManyForEvent);

    // Over the day: the rest of the daily allowance spent on another event.
    const other = await pastEvent([person]);
    await fill(other, ALBUM_LIMITS.photosPerPersonPerDay - ALBUM_LIMITS.photosPerPersonPerEvent);
    const third = await pastEvent([person]);
    const today = await addPhoto(person, third, await uploadImage(t, person, 'event-image'));
    expect(today.statusCode).toBe(429);
    expect(today.json().message).toBe(ALBUM_MSG.tooManyToday);
    expect(Number(today.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held back by it.
    await added(host, third);
  }, 120_000);
});

describe('who sees an album', () => {
  it('a private community’s album is for its members only', async () => {
    const club = await createCommunity(t, host, { visibility: 'PRIVATE' });
    const id = await pastEvent([], { communityId: club.id });
    const photo = await added(host, id);
    expect((await albumOf(id, stranger)).status).toBe(404);
    expect((await albumOf(id)).status).toBe(404);
    expect((await inject('GET', `/api/events/${id}/recaps`, stranger)).statusCode).toBe(404);
    // Nor can a non-member remove or add by guessing the ids.
    expect((await inject('DELETE', `/api/events/${id}/album/${photo.id}`, stranger)).statusCode).toBe(404);
    expect((await albumOf(id, host)).status).toBe(200);
  });

  it('a public event’s album is public until a host chooses attendees only', async () => {
    const id = await pastEvent();
    await added(goer, id);
    expect((await albumOf(id)).body.photos).toHaveLength(1);
    expect((await albumOf(id, stranger)).body.photos).toHaveLength(1);

    const refused = await inject('PATCH', `/api/events/${id}/album`, goer, { audience: 'attendees' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ALBUM_MSG.notHost);
    const bad = await inject('PATCH', `/api/events/${id}/album`, host, { audience: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ALBUM_MSG.audienceInvalid);
    const set = await inject('PATCH', `/api/events/${id}/album`, host, { audience: 'attendees' });
    expect(set.statusCode, set.body).toBe(200);
    expect(albumResponse.parse(set.json()).album.audience).toBe('attendees');

    const anonymous = await albumOf(id);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe(ALBUM_MSG.attendeesOnly);
    expect((await albumOf(id, stranger)).status).toBe(403);
    expect((await albumOf(id, goer)).body.photos).toHaveLength(1);
    expect((await albumOf(id, host)).body.album.can.manage).toBe(true);
  });

  it('blocks hide a person’s photos both ways', async () => {
    const id = await pastEvent([goer, blocker]);
    await added(goer, id);
    await added(blocker, id);
    expect((await albumOf(id, blocker)).body.photos).toHaveLength(2);
    expect((await inject('POST', `/api/users/${goer.user.id}/block`, blocker)).statusCode).toBe(200);
    const forBlocker = (await albumOf(id, blocker)).body;
    expect(forBlocker.photos.map((p: { addedBy: { id: string } }) => p.addedBy.id)).toEqual([
      blocker.user.id,
    ]);
    expect(forBlocker.album.photoCount).toBe(1);
    const forBlocked = (await albumOf(id, goer)).body;
    expect(forBlocked.photos.map((p: { addedBy: { id: string } }) => p.addedBy.id)).toEqual([goer.user.id]);
    expect((await albumOf(id, host)).body.photos).toHaveLength(2);
    await inject('DELETE', `/api/users/${goer.user.id}/block`, blocker);
  });

  it('pages oldest first with a cursor', async () => {
    const id = await pastEvent();
    const ids = [await added(host, id), await added(host, id), await added(host, id)].map((p) => p.id);
    const first = albumResponse.parse((await inject('GET', `/api/events/${id}/album?limit=2`)).json());
    expect(first.photos.map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect(first.album.photoCount).toBe(3);
    const second = albumResponse.parse(
      (await inject('GET', `/api/events/${id}/album?limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.photos.map((p) => p.id)).toEqual(ids.slice(2));
    expect(second.nextCursor).toBeNull();
    expect((await inject('GET', `/api/events/${id}/album?cursor=nope`)).statusCode).toBe(400);
    expect((await inject('GET', `/api/events/${id}/album?limit=1000`)).statusCode).toBe(400);
  });
});

describe('removing photos', () => {
  it('the uploader removes their own, a host any, nobody else', async () => {
    const id = await pastEvent([goer, blocker]);
    const a = await added(goer, id);
    const b = await added(blocker, id);
    const refused = await inject('DELETE', `/api/events/${id}/album/${b.id}`, goer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ALBUM_MSG.cannotRemove);
    expect((await inject('DELETE', `/api/events/${id}/album/${a.id}`, goer)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/events/${id}/album/${b.id}`, host)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/events/${id}/album/${b.id}`, host)).statusCode).toBe(404);
    expect((await albumOf(id, host)).body.photos).toHaveLength(0);
  });

  it('deletes the stored picture and its copies with the photo', async () => {
    const id = await pastEvent();
    const photo = await added(goer, id);
    const key = new URL(photo.imageUrl).pathname.replace('/uploads/', '');
    // A WebP copy is made on first request; both are stored now.
    expect((await inject('GET', `/api/images/480/${key}`)).statusCode).toBe(200);
    const stored = (k: string) => existsSync(path.join(t.dataDir, 'uploads', k));
    expect(stored(key)).toBe(true);
    expect(stored(key.replace(/\.[a-z]+$/, '.w480.webp'))).toBe(true);
    expect((await inject('DELETE', `/api/events/${id}/album/${photo.id}`, goer)).statusCode).toBe(200);
    expect(stored(key)).toBe(false);
    expect(stored(key.replace(/\.[a-z]+$/, '.w480.webp'))).toBe(false);
    expect((await inject('GET', new URL(photo.imageUrl).pathname)).statusCode).toBe(404);
  });
});

describe('recaps', () => {
  it('a Creator who was going and a host write one; others are refused (403)', async () => {
    const id = await pastEvent([goer, creator]);
    const p1 = await added(creator, id);
    const p2 = await added(goer, id);

    const body = {
      title: 'A fast Thursday',
      body: 'We ran.\r\n\r\n\r\n\r\nThen we had <b>cake</b>.\u0007',
      photoIds: [p1.id, p2.id],
      coverPhotoId: p2.id,
    };
    const byGoer = await inject('POST', `/api/events/${id}/recaps`, goer, body);
    expect(byGoer.statusCode).toBe(403);
    expect(byGoer.json().message).toBe(RECAP_MSG.notAllowed);
    const byStranger = await inject('POST', `/api/events/${id}/recaps`, { ...stranger }, body);
    expect(byStranger.statusCode).toBe(403);
    // A Creator who was not there is refused too.
    const elsewhere = await pastEvent([]);
    expect((await inject('POST', `/api/events/${elsewhere}/recaps`, creator, body)).statusCode).toBe(403);

    const res = await inject('POST', `/api/events/${id}/recaps`, creator, body);
    expect(res.statusCode, res.body).toBe(201);
    const recap = recapResponse.parse(res.json()).recap;
    expect(recap.body).toBe('We ran.\n\nThen we had <b>cake</b>.');
    expect(recap.cover?.id).toBe(p2.id);
    expect(recap.photos.map((p) => p.id)).toEqual([p1.id, p2.id]);
    expect(recap.author.id).toBe(creator.user.id);
    expect(recap.can).toEqual({ edit: true, remove: true, feature: false });

    const again = await inject('POST', `/api/events/${id}/recaps`, creator, body);
    expect(again.statusCode).toBe(409);

    const byHost = await inject('POST', `/api/events/${id}/recaps`, host, {
      title: 'From the host',
      body: 'Thanks all.',
    });
    expect(byHost.statusCode, byHost.body).toBe(201);

    // Signed-out visitors read a public event's recaps.
    const read = await inject('GET', `/api/recaps/${recap.id}`);
    expect(read.statusCode).toBe(200);
    expect(recapResponse.parse(read.json()).recap.can.edit).toBe(false);
    const list = recapsResponse.parse((await inject('GET', `/api/events/${id}/recaps`)).json());
    expect(list.recaps).toHaveLength(2);

    // Bad input: a photo of another album, a cover not chosen, blank text.
    const other = await added(host, elsewhere);
    const badPhoto = await inject('PATCH', `/api/recaps/${recap.id}`, creator, { photoIds: [other.id] });
    expect(badPhoto.statusCode).toBe(400);
    expect(badPhoto.json().message).toBe(RECAP_MSG.photoInvalid);
    const badCover = await inject('PATCH', `/api/recaps/${recap.id}`, creator, {
      photoIds: [p1.id],
      coverPhotoId: p2.id,
    });
    expect(badCover.statusCode).toBe(400);
    expect(badCover.json().message).toBe(RECAP_MSG.coverNotChosen);
    const blank = await inject('PATCH', `/api/recaps/${recap.id}`, creator, { body: ' \n ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(RECAP_MSG.bodyRequired);
    expect((await inject('PATCH', `/api/recaps/${recap.id}`, host, { title: 'Mine now' })).statusCode).toBe(
      403,
    );
    const edited = await inject('PATCH', `/api/recaps/${recap.id}`, creator, {
      title: 'A very fast Thursday',
    });
    expect(recapResponse.parse(edited.json()).recap.title).toBe('A very fast Thursday');

    // The host removes it (their event); a stranger may not.
    expect((await inject('DELETE', `/api/recaps/${recap.id}`, stranger)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/recaps/${recap.id}`, host)).statusCode).toBe(200);
    expect((await inject('GET', `/api/recaps/${recap.id}`)).statusCode).toBe(404);
  });

  it('an attendees-only album keeps its recaps from outsiders, and blocks hide them', async () => {
    const id = await pastEvent([creator]);
    const recap = recapResponse.parse(
      (await inject('POST', `/api/events/${id}/recaps`, creator, { title: 'Ours', body: 'Just us.' })).json(),
    ).recap;
    expect((await inject('GET', `/api/recaps/${recap.id}`, stranger)).statusCode).toBe(200);
    await inject('PATCH', `/api/events/${id}/album`, host, { audience: 'attendees' });
    expect((await inject('GET', `/api/recaps/${recap.id}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/api/recaps/${recap.id}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/recaps/${recap.id}`, creator)).statusCode).toBe(200);
    await inject('PATCH', `/api/events/${id}/album`, host, { audience: 'event' });

    await inject('POST', `/api/users/${creator.user.id}/block`, blocker);
    expect((await inject('GET', `/api/recaps/${recap.id}`, blocker)).statusCode).toBe(404);
    await inject('DELETE', `/api/users/${creator.user.id}/block`, blocker);
  });

  it('organisers feature a recap of their community’s event on its page', async () => {
    const club = await createCommunity(t, host);
    const id = await pastEvent([], { communityId: club.id });
    const recap = recapResponse.parse(
      (await inject('POST', `/api/events/${id}/recaps`, host, { title: 'Club night', body: 'Good.' })).json(),
    ).recap;
    expect(recap.can.feature).toBe(true);
    const refused = await inject('PUT', `/api/recaps/${recap.id}/featured`, stranger, { featured: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(RECAP_MSG.notOrganizer);
    expect(
      (await inject('PUT', `/api/recaps/${recap.id}/featured`, host, { featured: 'yes' })).statusCode,
    ).toBe(400);
    const done = await inject('PUT', `/api/recaps/${recap.id}/featured`, host, { featured: true });
    expect(recapResponse.parse(done.json()).recap.featured).toBe(true);
    const page = recapsResponse.parse((await inject('GET', `/api/communities/${club.slug}/recaps`)).json());
    expect(page.recaps.map((r) => r.id)).toEqual([recap.id]);
    expect(page.recaps[0]?.excerpt).toBe('Good.');

    const loose = await pastEvent([]);
    const noClub = recapResponse.parse(
      (await inject('POST', `/api/events/${loose}/recaps`, host, { title: 'Solo', body: 'Alone.' })).json(),
    ).recap;
    const nothing = await inject('PUT', `/api/recaps/${noClub.id}/featured`, host, { featured: true });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(RECAP_MSG.noCommunity);
  });
});

describe('telling attendees', () => {
  it('tells the hosts and people going once when the first photos are up and once a day of recaps', async () => {
    const [a, b, c] = await Promise.all([
      createUser(t),
      createUser(t, { verified: true }),
      createUser(t, { roles: ['Creator'] }),
    ]);
    await t.db.execute(sql`update users set locale = 'de' where id = ${b.user.id}`);
    const id = await pastEvent([a, b, c]);
    await added(a, id);
    await added(b, id);
    await added(a, id);

    const about = async (user: TestUser, kind: string) =>
      (await notificationsOf(t, user, kind)).filter((n) => n.url.includes(id));
    const hostSeen = await eventually(async () => {
      const list = await about(host, 'event_photos');
      expect(list).toHaveLength(1);
      return list[0];
    });
    expect(hostSeen?.text).toBe('Photos of Riverside park run are up');
    expect(hostSeen?.url).toBe(`/event/${id}#photos`);
    expect(await about(b, 'event_photos')).toHaveLength(1);
    expect(await about(c, 'event_photos')).toHaveLength(1);
    // Not the person who added them, nor someone who was not there.
    expect(await about(a, 'event_photos')).toHaveLength(0);
    expect(await about(stranger, 'event_photos')).toHaveLength(0);

    // Two recaps on one day: one notification of recaps for each attendee.
    await requestOk(t, c, 'POST', `/api/events/${id}/recaps`, { title: 'One', body: 'First.' });
    await requestOk(t, host, 'POST', `/api/events/${id}/recaps`, { title: 'Two', body: 'Second.' });
    await t.background.drain();
    expect(await notificationsOf(t, a, 'event_recap')).toHaveLength(1);
    expect(await notificationsOf(t, b, 'event_recap')).toHaveLength(1);
    expect(await notificationsOf(t, stranger, 'event_recap')).toHaveLength(0);

    // In the person's language: the e-mail renders the stored message in German for her.
    const mail = await mailMatching(t, b.email, (m) =>
      m.text.includes('Die Fotos von Riverside park run sind da'),
    );
    expect(mail?.text).toContain(`/event/${id}`);
  });
});

describe('reports of photos', () => {
  it('go to moderation for whoever sees the photo, and a moderator’s hide removes it', async () => {
    const id = await pastEvent([goer]);
    const photo = await added(host, id);
    const report = { subjectType: 'photo', subjectId: photo.id, reason: 'inappropriate' };
    expect((await inject('POST', '/api/reports', host, report)).statusCode).toBe(400);
    const filed = await inject('POST', '/api/reports', goer, report);
    expect(filed.statusCode, filed.body).toBe(201);
    const reportId = (filed.json() as { report: { id: string } }).report.id;

    // Someone the album is closed to cannot report what they cannot see.
    await inject('PATCH', `/api/events/${id}/album`, host, { audience: 'attendees' });
    expect((await inject('POST', '/api/reports', stranger, report)).statusCode).toBe(404);

    const admin = await createUser(t);
    await t.db.execute(sql`update users set is_admin = true where id = ${admin.user.id}`);
    const listed = await inject('GET', '/api/admin/reports', admin);
    const mine = (
      listed.json() as { reports: { id: string; subject: { url: string; exists: boolean } }[] }
    ).reports.find((r) => r.id === reportId);
    expect(mine?.subject).toMatchObject({ exists: true, url: `/event/${id}#photos` });
    const resolved = await inject('POST', `/api/admin/reports/${reportId}/resolve`, admin, {
      action: 'hide',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await albumOf(id, host)).body.photos).toHaveLength(0);
  });
});

describe('people in photos decide', () => {
  it('tags only people who were there; anyone tagged untags herself; her choice hides them from outsiders', async () => {
    const [mia, tom] = await Promise.all([createUser(t), createUser(t)]);
    const id = await pastEvent([mia, tom]);
    const photo = await added(tom, id);
    const tagUrl = `/api/events/${id}/album/${photo.id}/tags`;

    const notThere = await inject('POST', tagUrl, tom, { userId: stranger.user.id });
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().message).toBe(ALBUM_MSG.tagNotThere);
    const notTheirs = await inject('POST', tagUrl, mia, { userId: tom.user.id });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(ALBUM_MSG.cannotTag);
    const tagged = await inject('POST', tagUrl, tom, { userId: mia.user.id });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(photoResponse.parse(tagged.json()).photo.tags.map((p) => p.id)).toEqual([mia.user.id]);

    // She chooses: photos she is tagged in only for the people who were there.
    const prefs = await inject('PUT', '/api/users/me/album-preferences', mia, {
      hideTaggedFromOutsiders: true,
    });
    expect(prefs.json()).toEqual({ hideTaggedFromOutsiders: true });
    expect((await inject('GET', '/api/users/me/album-preferences', mia)).json()).toEqual({
      hideTaggedFromOutsiders: true,
    });
    expect((await albumOf(id)).body.photos).toHaveLength(0);
    expect((await albumOf(id, stranger)).body.photos).toHaveLength(0);
    expect((await albumOf(id, host)).body.photos).toHaveLength(1);
    expect((await albumOf(id, tom)).body.photos).toHaveLength(1);

    // Someone else may not remove her tag; she may.
    const untagUrl = `${tagUrl}/${mia.user.id}`;
    const refused = await inject('DELETE', untagUrl, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ALBUM_MSG.cannotUntag);
    expect((await inject('DELETE', untagUrl, mia)).statusCode).toBe(200);
    expect((await inject('DELETE', untagUrl, mia)).statusCode).toBe(404);
    expect((await albumOf(id)).body.photos).toHaveLength(1);
    expect((await albumOf(id)).body.photos[0].tags).toEqual([]);
    const bad = await inject('PUT', '/api/users/me/album-preferences', mia, {
      hideTaggedFromOutsiders: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ALBUM_MSG.hideTaggedInvalid);
  });
});

describe('taking the album out', () => {
  it('hosts download the album as a zip of the stored photos; others may not', async () => {
    const id = await pastEvent([goer]);
    const photo = await added(goer, id);
    const stored = (await inject('GET', new URL(photo.imageUrl).pathname)).rawPayload;

    expect((await inject('GET', `/api/events/${id}/album.zip`, goer)).statusCode).toBe(403);
    expect((await inject('GET', `/api/events/${id}/album.zip`)).statusCode).toBe(401);
    const res = await inject('GET', `/api/events/${id}/album.zip`, host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = res.rawPayload;
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    // Stored, not compressed: the photo's bytes as kept (already without metadata) are in it.
    expect(zip.includes(stored)).toBe(true);
    expect(zip.includes(Buffer.from(`photos/0001-${photo.id}.png`))).toBe(true);
    expect(zip.includes(Buffer.from('photos.json'))).toBe(true);
  });
});

describe('the account export', () => {
  it('includes the photos one added and the recaps one wrote, not others’', async () => {
    const writer = await createUser(t, { roles: ['Creator'] });
    const id = await pastEvent([writer, goer]);
    const mine = await added(writer, id);
    await added(goer, id);
    const recap = recapResponse.parse(
      await requestOk(t, writer, 'POST', `/api/events/${id}/recaps`, { title: 'My run', body: 'Good.' }),
    ).recap;
    const res = await inject('GET', '/api/users/me/export', writer);
    expect(res.statusCode).toBe(200);
    const data = res.json() as { photos: { id: string; imageUrl: string }[]; recaps: { id: string }[] };
    expect(data.photos.map((p) => p.id)).toEqual([mine.id]);
    expect(data.photos[0]?.imageUrl).toBe(mine.imageUrl);
    expect(data.recaps.map((r) => r.id)).toEqual([recap.id]);
  });
});
