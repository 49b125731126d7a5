import { Megaphone } from 'lucide-react';
import { Suspense } from 'react';
import { formatCardDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { useCommunityAnnouncements } from '../api/community-announcements.ts';

// Only organisers write news: the page everyone else opens never loads the form.
const AnnounceForm = lazyComponent(() => import('./community-announce-form.tsx'), 'AnnounceForm');

/** The community's news on its About tab; organisers write it there. */
export function CommunityAnnouncements({
  slug,
  canRead,
  organizer,
}: {
  slug: string;
  canRead: boolean;
  organizer: boolean;
}) {
  const t = useT();
  const list = useCommunityAnnouncements(slug, canRead);
  if (!canRead) return null;
  const announcements = list.data?.announcements ?? [];
  return (
    <section className="mt-8 max-w-2xl space-y-4" aria-label={t('communities.news.title')}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Megaphone className="size-5 text-brand-700" aria-hidden="true" />
        {t('communities.news.title')}
      </h2>
      {organizer ? (
        <Suspense fallback={null}>
          <AnnounceForm slug={slug} />
        </Suspense>
      ) : null}
      {announcements.length === 0 ? (
        <p className="text-sm text-stone-600">
          {list.isPending ? t('communities.news.loading') : t('communities.news.none')}
        </p>
      ) : (
        <ul className="space-y-3">
          {announcements.map((a) => (
            <li key={a.id} className="rounded-xl border border-stone-200 bg-white p-4">
              <h3 className="font-semibold text-stone-900">{a.title}</h3>
              <p className="text-xs text-stone-600">
                {formatCardDate(a.createdAt)}
                {a.author ? ` · ${a.author.username ?? a.author.fullName}` : ''}
              </p>
              <p className="mt-2 whitespace-pre-line text-stone-800">{a.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
