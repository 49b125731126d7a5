import { type EventPhoto, imageSources, RECAP_LIMITS } from '@townsquare/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCreateRecap } from '../api/album.ts';

/** Writing a recap: a title, the text, the album's photos to show and which is the cover. */
export function RecapEditor({
  eventId,
  photos,
  onDone,
}: {
  eventId: string;
  photos: EventPhoto[];
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateRecap(eventId);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [cover, setCover] = useState<string | null>(null);

  const toggle = (photoId: string) =>
    setChosen((all) => (all.includes(photoId) ? all.filter((p) => p !== photoId) : [...all, photoId]));

  function submit(event: FormEvent) {
    event.preventDefault();
    const coverPhotoId = cover && chosen.includes(cover) ? cover : (chosen[0] ?? null);
    create.mutate(
      { title, body, photoIds: chosen, coverPhotoId },
      { onSuccess: (recap) => navigate(`/recaps/${recap.id}`) },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-2xl border border-stone-200 p-4"
      aria-label={t('albums.editor')}
    >
      <FormField id={`${id}-title`} label={t('albums.editor.title')}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={RECAP_LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
            required
          />
        )}
      </FormField>
      <FormField id={`${id}-body`} label={t('albums.editor.body')}>
        {(control) => (
          <Textarea
            {...control}
            rows={8}
            value={body}
            maxLength={RECAP_LIMITS.bodyMax}
            onChange={(e) => setBody(e.target.value)}
            required
          />
        )}
      </FormField>
      {photos.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('albums.editor.photos')}</legend>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {photos.map((photo, i) => {
              const sources = imageSources(photo.imageUrl);
              const label = photo.caption || t('albums.editor.photoNumber', { n: i + 1 });
              return (
                <li key={photo.id} className="space-y-1 text-sm">
                  <img
                    src={sources?.src ?? photo.imageUrl}
                    srcSet={sources?.srcSet}
                    sizes="25vw"
                    alt=""
                    loading="lazy"
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={chosen.includes(photo.id)}
                      onChange={() => toggle(photo.id)}
                    />
                    {t('albums.editor.include', { photo: label })}
                  </label>
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`${id}-cover`}
                      disabled={!chosen.includes(photo.id)}
                      checked={cover === photo.id}
                      onChange={() => setCover(photo.id)}
                    />
                    {t('albums.editor.cover', { photo: label })}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
      {create.error ? (
        <Alert variant="error">{errorMessage(create.error, t('albums.saveFailed'))}</Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending}>
          {t('albums.editor.publish')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('albums.editor.cancel')}
        </Button>
      </div>
    </form>
  );
}
