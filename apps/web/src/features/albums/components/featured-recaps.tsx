import { imageSources } from '@townsquare/contracts';
import { Link } from 'react-router';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useFeaturedRecaps } from '../api/album.ts';

/**
 * The recaps a community's organisers featured (decision 075), on its page. Nothing until they
 * have loaded, so a server-rendered page and its hydration agree.
 */
export function FeaturedRecaps({ slug }: { slug: string }) {
  const t = useT();
  const recaps = useFeaturedRecaps(slug).data?.recaps ?? [];
  if (recaps.length === 0) return null;
  return (
    <HeadedSection id="community-recaps" title={t('albums.featured')} className="mt-6 space-y-3">
      <ul className="grid gap-3 sm:grid-cols-2">
        {recaps.map((r) => {
          const cover = r.cover ? imageSources(r.cover.imageUrl) : undefined;
          return (
            <li key={r.id} className="overflow-hidden rounded-2xl border border-stone-200">
              {r.cover ? (
                <img
                  src={cover?.src ?? r.cover.imageUrl}
                  srcSet={cover?.srcSet}
                  sizes="(min-width: 640px) 50vw, 100vw"
                  alt=""
                  loading="lazy"
                  className="aspect-[16/9] w-full object-cover"
                />
              ) : null}
              <div className="space-y-1 p-3">
                <Link to={`/recaps/${r.id}`} className="font-semibold text-brand-800 underline">
                  {r.title}
                </Link>
                <p className="text-sm text-stone-600">{t('albums.recapBy', { name: r.author.fullName })}</p>
                <p className="line-clamp-3 text-sm break-words">{r.excerpt}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </HeadedSection>
  );
}
