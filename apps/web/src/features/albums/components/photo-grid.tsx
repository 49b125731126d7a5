import { type EventPhoto, imageSources } from '@townsquare/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/intl.tsx';

/** Album photos: two columns on a phone, four from 640 px; lazy images with their WebP `srcset`. */
export function PhotoGrid({
  photos,
  action,
}: {
  photos: EventPhoto[];
  action?: (photo: EventPhoto) => ReactNode;
}) {
  const t = useT();
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {photos.map((photo) => {
        const sources = imageSources(photo.imageUrl);
        const alt = photo.caption || t('albums.photoBy', { name: photo.addedBy.fullName });
        return (
          <li key={photo.id} className="relative min-w-0">
            <figure>
              <a href={photo.imageUrl} className="block overflow-hidden rounded-xl bg-stone-100">
                <img
                  src={sources?.src ?? photo.imageUrl}
                  srcSet={sources?.srcSet}
                  sizes="(min-width: 640px) 25vw, 50vw"
                  alt={alt}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              </a>
              {photo.caption || photo.tags.length > 0 ? (
                <figcaption className="mt-1 text-sm text-stone-700">
                  {photo.caption ? <span className="block truncate">{photo.caption}</span> : null}
                  {photo.tags.length > 0 ? (
                    <span className="block truncate text-stone-600">
                      {t('albums.with', { names: photo.tags.map((p) => p.fullName).join(', ') })}
                    </span>
                  ) : null}
                </figcaption>
              ) : null}
            </figure>
            {action ? <div className="absolute top-1 right-1 flex gap-1">{action(photo)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
