import { CalendarSearch } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCommunityPolls } from '../api/list-community-polls.ts';

/** The community page's open date polls (members only: the server answers nobody else with any). */
export function CommunityPolls({ communityId, organizer }: { communityId: string; organizer: boolean }) {
  const t = useT();
  const polls = useCommunityPolls(communityId, true);
  return (
    <section className="space-y-3" aria-labelledby="community-polls">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="community-polls" className="text-lg font-semibold">
          {t('polls.community.title')}
        </h2>
        {organizer ? (
          <Link
            to={`/polls/new?community=${encodeURIComponent(communityId)}`}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline"
          >
            <CalendarSearch className="size-4" aria-hidden="true" />
            {t('polls.community.findDate')}
          </Link>
        ) : null}
      </div>
      {polls.isPending ? (
        <Skeleton className="h-16" />
      ) : polls.data?.length ? (
        <ul className="space-y-2">
          {polls.data.map((p) => (
            <li key={p.id}>
              <Link
                to={`/polls/${p.id}`}
                className="block rounded-xl border border-stone-200 px-4 py-3 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span className="block font-semibold text-stone-900">{p.title}</span>
                <span className="block text-sm text-stone-700">
                  {t('polls.community.summary', {
                    options: p.options,
                    voters: p.voters,
                    date: formatLongDate(p.closesAt),
                  })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-700">{t('polls.community.none')}</p>
      )}
    </section>
  );
}
