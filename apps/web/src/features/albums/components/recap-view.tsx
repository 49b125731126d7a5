import { imageSources, type Recap } from '@townsquare/contracts';
import { Link } from 'react-router';
import { formatLongDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { PhotoGrid } from './photo-grid.tsx';

/** A recap as its page shows it: the cover, the title, who wrote it, the text and its photos. */
export function RecapView({ recap }: { recap: Recap }) {
  const t = useT();
  const cover = recap.cover ? imageSources(recap.cover.imageUrl) : undefined;
  const paragraphs = recap.body.split(/\n{2,}/);
  return (
    <article className="space-y-5">
      {recap.cover ? (
        <img
          src={cover?.src ?? recap.cover.imageUrl}
          srcSet={cover?.srcSet}
          sizes="(min-width: 72rem) 68rem, 100vw"
          alt={recap.cover.caption || ''}
          className="aspect-[16/9] w-full rounded-2xl object-cover"
        />
      ) : null}
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">{recap.title}</h1>
        <p className="text-sm text-stone-600">
          {t('albums.recapBy', { name: recap.author.fullName })} ·{' '}
          <Link to={`/event/${recap.event.id}`} className="text-brand-800 underline">
            {recap.event.title}
          </Link>{' '}
          · {formatLongDate(recap.event.startDate)}
        </p>
      </header>
      <div className="space-y-3 break-words">
        {paragraphs.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
      </div>
      {recap.photos.length > 0 ? <PhotoGrid photos={recap.photos} /> : null}
    </article>
  );
}
