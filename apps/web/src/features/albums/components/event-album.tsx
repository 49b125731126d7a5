import { ALBUM_LIMITS, type AlbumAudience, IMAGE_TYPES, LIMITS } from '@townsquare/contracts';
import { ImagePlus, Trash2, UserMinus } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSession } from '../../../lib/api/get-session.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import {
  useAddPhoto,
  useAlbum,
  useAlbumPreferences,
  useEventRecaps,
  useRemovePhoto,
  useSetAlbumPreferences,
  useSetAudience,
  useUntag,
} from '../api/album.ts';
import { PhotoGrid } from './photo-grid.tsx';
import { RecapEditor } from './recap-editor.tsx';

type Sending = { name: string; percent: number; error?: string };

/**
 * The event page's "Photos" section (decision 075): the album a page at a time, adding photos from
 * the camera roll with progress per photo (hosts and people going), removing, the audience for
 * hosts, and the event's recaps with the editor for whoever may write one.
 */
export function EventAlbum({ eventId }: { eventId: string }) {
  const t = useT();
  const album = useAlbum(eventId);
  const add = useAddPhoto(eventId);
  const remove = useRemovePhoto(eventId);
  const audience = useSetAudience(eventId);
  const untag = useUntag(eventId);
  const { user } = useSession();
  const preferences = useAlbumPreferences(Boolean(user));
  const setPreferences = useSetAlbumPreferences();
  const shyId = useId();
  const [sending, setSending] = useState<Sending[]>([]);
  const [writing, setWriting] = useState(false);
  const inputId = useId();
  const audienceId = useId();
  const first = album.data?.pages[0];
  const recaps = useEventRecaps(eventId, Boolean(first));

  if (album.isPending) return <Skeleton className="h-40" />;
  if (album.error) {
    const closed = album.error instanceof ApiError && album.error.status === 403;
    return (
      <p className="text-sm text-stone-600">{closed ? t('albums.attendeesOnly') : t('albums.loadFailed')}</p>
    );
  }
  if (!first) return null;
  const info = first.album;
  const photos = album.data.pages.flatMap((p) => p.photos);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const queue = files.map((file) => ({ name: file.name, percent: 0 }) as Sending);
    setSending(queue);
    const update = (i: number, change: Partial<Sending>) =>
      setSending((all) => all.map((s, j) => (j === i ? { ...s, ...change } : s)));
    // One after another: a phone's 20 photos never hold 20 uploads open at once.
    for (const [i, file] of files.entries()) {
      if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
        update(i, { error: t('errors.UPLOAD_INVALID_TYPE') });
        continue;
      }
      if (file.size > LIMITS.eventImageMaxBytes) {
        update(i, { error: t('common.upload.tooLarge', { max: LIMITS.eventImageMaxBytes / 1024 / 1024 }) });
        continue;
      }
      await add
        .mutateAsync({ file, onProgress: (percent) => update(i, { percent }) })
        .then(() => update(i, { percent: 100 }))
        .catch((err: unknown) => update(i, { error: errorMessage(err, t('albums.uploadFailed')) }));
    }
  }

  return (
    <section id="photos" aria-labelledby={`${inputId}-title`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${inputId}-title`} className="text-lg font-semibold">
          {t('albums.title')} <span className="font-normal text-stone-600">({info.photoCount})</span>
        </h2>
        {info.can.add ? (
          <>
            <input
              id={inputId}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              multiple
              className="sr-only"
              onChange={(e) => void upload(e)}
            />
            <Button asChild variant="secondary">
              <label htmlFor={inputId} className="cursor-pointer">
                <ImagePlus aria-hidden="true" className="size-4" />
                {t('albums.add')}
              </label>
            </Button>
          </>
        ) : null}
      </div>
      {info.can.add ? (
        <p className="text-sm text-stone-600">
          {t('albums.addHint', { max: ALBUM_LIMITS.photosPerPersonPerEvent })}
        </p>
      ) : null}

      {sending.length > 0 ? (
        <ul aria-label={t('albums.uploads')} className="space-y-2">
          {sending.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list of one pick, in its order
            <li key={i} className="space-y-1 text-sm">
              <span className="block truncate">{s.name}</span>
              {s.error ? (
                <span role="alert" className="text-red-700">
                  {s.error}
                </span>
              ) : (
                <Progress value={s.percent} aria-label={t('albums.progress', { name: s.name })} />
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {info.can.manage ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={audienceId}>{t('albums.audience')}</label>
          <select
            id={audienceId}
            className="rounded-lg border border-stone-300 px-2 py-1"
            value={info.audience}
            onChange={(e) =>
              audience.mutate(e.target.value as AlbumAudience, {
                onError: (err) => toast.error(errorMessage(err, t('albums.saveFailed'))),
              })
            }
          >
            <option value="event">{t('albums.audience.event')}</option>
            <option value="attendees">{t('albums.audience.attendees')}</option>
          </select>
        </div>
      ) : null}

      {photos.length === 0 ? (
        <p className="text-sm text-stone-600">{t('albums.empty')}</p>
      ) : (
        <PhotoGrid
          photos={photos}
          action={(photo) => (
            <>
              {user && photo.tags.some((p) => p.id === user.id) ? (
                <Button
                  size="icon"
                  variant="secondary"
                  aria-label={t('albums.untag')}
                  onClick={() =>
                    untag.mutate(
                      { photoId: photo.id, userId: user.id },
                      { onError: (err) => toast.error(errorMessage(err, t('albums.saveFailed'))) },
                    )
                  }
                >
                  <UserMinus aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
              {photo.can.remove ? (
                <Button
                  size="icon"
                  variant="secondary"
                  aria-label={t('albums.remove')}
                  onClick={() =>
                    remove.mutate(photo.id, {
                      onError: (err) => toast.error(errorMessage(err, t('albums.saveFailed'))),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
            </>
          )}
        />
      )}
      {user && preferences.data ? (
        <label htmlFor={shyId} className="flex items-start gap-2 text-sm">
          <input
            id={shyId}
            type="checkbox"
            className="mt-1"
            checked={preferences.data.hideTaggedFromOutsiders}
            onChange={(e) =>
              setPreferences.mutate(
                { hideTaggedFromOutsiders: e.target.checked },
                { onError: (err) => toast.error(errorMessage(err, t('albums.saveFailed'))) },
              )
            }
          />
          {t('albums.hideTagged')}
        </label>
      ) : null}
      <LoadMoreButton pages={album}>{t('albums.more')}</LoadMoreButton>

      <div className="space-y-2">
        <h3 className="font-semibold">{t('albums.recaps')}</h3>
        {recaps.data && recaps.data.recaps.length > 0 ? (
          <ul className="space-y-1">
            {recaps.data.recaps.map((r) => (
              <li key={r.id}>
                <Link to={`/recaps/${r.id}`} className="font-medium text-brand-800 underline">
                  {r.title}
                </Link>{' '}
                <span className="text-sm text-stone-600">
                  {t('albums.recapBy', { name: r.author.fullName })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">{t('albums.noRecaps')}</p>
        )}
        {info.can.recap && !writing ? (
          <Button variant="secondary" onClick={() => setWriting(true)}>
            {t('albums.writeRecap')}
          </Button>
        ) : null}
        {writing ? <RecapEditor eventId={eventId} photos={photos} onDone={() => setWriting(false)} /> : null}
      </div>
    </section>
  );
}
