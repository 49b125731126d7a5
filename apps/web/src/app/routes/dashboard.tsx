import { ArrowRight, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner.tsx';
import { useHostableCommunities } from '../../features/communities/api/get-my-communities.ts';
import { FromYourCommunities } from '../../features/communities/components/from-your-communities.tsx';
import { EventBoard } from '../../features/events/components/event-board.tsx';
import { EventCountTiles } from '../../features/events/components/event-count-tiles.tsx';
import { useFriendRequests } from '../../features/friends/api/get-friend-requests.ts';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { ConfirmRunsCard } from '../../features/series/components/confirm-runs-card.tsx';
import { displayName } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/intl.tsx';

// "Happening near <city>" (issue 22) in a chunk of its own: the route's preload list stays short.
const NearYou = lazy(() =>
  import('../../features/places/components/near-you.tsx').then((m) => ({ default: m.NearYou })),
);

/** Spec 2: a box linking to /friends with the number of requests waiting (0 when unknown). */
function FriendRequestsBox() {
  const requests = useFriendRequests();
  const t = useT();
  const count = requests.data?.received.length ?? 0;
  const summary = requests.isPending
    ? t('dashboard.requests.checking')
    : count === 0
      ? t('dashboard.requests.none')
      : t('dashboard.requests.some', { count });
  return (
    <Link
      to="/friends"
      className="group flex flex-col justify-between gap-4 rounded-(--radius-card) bg-brand-800 p-6 text-white shadow-(--shadow-soft) transition-colors hover:bg-brand-900"
    >
      <span className="flex items-center justify-between gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-white/15">
          <Users className="size-6" aria-hidden="true" />
        </span>
        <span
          className="min-w-11 rounded-full bg-white px-3 py-1 text-center font-display text-2xl font-semibold text-brand-900 tabular-nums"
          aria-hidden="true"
        >
          {requests.isPending ? '…' : count}
        </span>
      </span>
      <span>
        <span className="block text-lg font-semibold">{t('dashboard.requests.title')}</span>
        <span className="mt-1 block text-sm text-brand-50">{summary}</span>
      </span>
      <span className="inline-flex items-center gap-1.5 text-sm font-semibold">
        {t('dashboard.requests.open')}
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
      </span>
    </Link>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  const t = useT();
  const hosts = useHostableCommunities();
  if (!user) return null;

  return (
    <div className="space-y-8">
      <title>{t('dashboard.pageTitle')}</title>
      <div className="space-y-2">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          {t('dashboard.kicker')}
        </p>
        <h1 className="font-display text-3xl font-semibold tracking-tight break-words sm:text-4xl">
          {t('dashboard.welcome', { name: user.username ?? displayName(user) })}
        </h1>
        <p className="text-stone-700">{t('dashboard.lead')}</p>
      </div>

      {!user.emailVerified ? <VerifyEmailBanner email={user.email} /> : null}

      <ConfirmRunsCard />

      <div className="grid gap-5 lg:grid-cols-3">
        <Card className="p-5 sm:p-6 lg:col-span-2">
          <h2 className="sr-only">{t('dashboard.search')}</h2>
          <SearchBox />
          <p className="mt-3 text-sm text-stone-600">{t('dashboard.searchHint')}</p>
        </Card>
        <FriendRequestsBox />
      </div>

      <section aria-label={t('dashboard.eventCounts')}>
        <EventCountTiles />
      </section>

      <Suspense fallback={<Skeleton className="h-32 w-full" />}>
        <NearYou />
      </Suspense>

      <FromYourCommunities />

      <section aria-labelledby="event-management" className="space-y-4">
        <EventBoard allowDelete title={t('dashboard.eventManagement')} hosts={hosts} />
      </section>
    </div>
  );
}
