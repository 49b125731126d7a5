import { type EventPhoto, imageSources } from '@townsquare/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';

/**
 * The album's viewer: one photo large, ← and → (or the buttons) to the previous and next, Escape
 * (or the close button) back to the grid, where focus returns to the photo it shows last.
 */
function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
  returnFocus,
}: {
  photos: EventPhoto[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: (index: number) => void;
  /** Where focus goes once the viewer has closed: the grid's link of the photo shown last. */
  returnFocus: () => void;
}) {
  const t = useT();
  const photo = index === null ? undefined : photos[index];
  const at = index ?? 0;
  const go = (step: number) => onIndex((at + step + photos.length) % photos.length);
  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => (open ? null : onClose(at))}>
      {photo ? (
        <DialogContent
          className="max-w-4xl"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') {
              e.preventDefault();
              go(1);
            } else if (e.key === 'ArrowLeft') {
              e.preventDefault();
              go(-1);
            }
          }}
          // The grid's photo shown last gets focus back (there is no trigger to return to).
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
        >
          <DialogTitle className="pr-8">
            {t('albums.viewer.title', { n: at + 1, count: photos.length })}
          </DialogTitle>
          <DialogDescription className="sr-only">{t('albums.viewer.hint')}</DialogDescription>
          <figure className="mt-3">
            <img
              src={imageSources(photo.imageUrl)?.src ?? photo.imageUrl}
              srcSet={imageSources(photo.imageUrl)?.srcSet}
              sizes="(min-width: 1024px) 896px, 100vw"
              alt={photo.caption || t('albums.photoBy', { name: photo.addedBy.fullName })}
              className="max-h-[65vh] w-full rounded-xl bg-stone-100 object-contain"
            />
            <figcaption className="mt-2 text-sm text-stone-700">
              {photo.caption ? <span className="block">{photo.caption}</span> : null}
              <span className="block text-stone-600">
                {t('albums.photoBy', { name: photo.addedBy.fullName })}
              </span>
            </figcaption>
          </figure>
          {photos.length > 1 ? (
            <div className="mt-3 flex justify-between gap-2">
              <Button variant="secondary" onClick={() => go(-1)}>
                <ChevronLeft className="size-4" aria-hidden="true" />
                {t('albums.viewer.previous')}
              </Button>
              <Button variant="secondary" onClick={() => go(1)}>
                {t('albums.viewer.next')}
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Album photos: two columns on a phone, four from 640 px; lazy images with their WebP `srcset`. */
export function PhotoGrid({
  photos,
  action,
}: {
  photos: EventPhoto[];
  action?: (photo: EventPhoto) => ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const links = useRef<Array<HTMLAnchorElement | null>>([]);
  const last = useRef(0);
  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {photos.map((photo, i) => {
          const sources = imageSources(photo.imageUrl);
          const alt = photo.caption || t('albums.photoBy', { name: photo.addedBy.fullName });
          return (
            <li key={photo.id} className="relative min-w-0">
              <figure>
                <a
                  href={photo.imageUrl}
                  ref={(el) => {
                    links.current[i] = el;
                  }}
                  onClick={(e) => {
                    // A plain click opens the viewer; a new tab (modifier keys) still gets the file.
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                    e.preventDefault();
                    setOpen(i);
                  }}
                  className="block overflow-hidden rounded-xl bg-stone-100"
                >
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
      <PhotoViewer
        photos={photos}
        index={open}
        onIndex={setOpen}
        onClose={(shown) => {
          last.current = shown;
          setOpen(null);
        }}
        returnFocus={() => links.current[last.current]?.focus()}
      />
    </>
  );
}
