import type { SelfUser } from '@townsquare/contracts';
import { ArrowRight, CalendarPlus, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { HeadedSection } from '../../components/ui/headed-section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner.tsx';
import { FromYourCommunities } from '../../features/communities/components/from-your-communities.tsx';
import { useHasOwnEvents } from '../../features/events/api/has-own-events.ts';
import { ConfirmRunsCard } from '../../features/events/components/confirm-runs-card.tsx';
import { EventBoard } from '../../features/events/components/event-board.tsx';
import { EventCountTiles } from '../../features/events/components/event-count-tiles.tsx';
import { useFriendRequests } from '../../features/friends/api/get-friend-requests.ts';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { useHostableCommunities, useMyCommunities } from '../../lib/api/get-my-communities.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { cn } from '../../lib/cn.ts';
import { displayName } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/intl.tsx';

// The create form, for the first-steps card (the board has its own).
const NewEventDialog = lazy(() =>
  import('../../features/events/components/new-event-dialog.tsx').then((m) => ({
    default: m.NewEventDialog,
  })),
);

const DAY_MS = 86_400_000;
const seenKey = (userId: string) => `townsquare.dashboardSeen:${userId}`;

/**
 * Whether to say "Welcome back": the person has opened the dashboard on this browser
 * before, or their account is more than a day old. The first visit after registering is a welcome.
 */
export function isReturning(user: Pick<SelfUser, 'id' | 'createdAt'>, now: number = Date.now()): boolean {
  let seen = false;
  try {
    seen = localStorage.getItem(seenKey(user.id)) !== null;
  } catch {
    // Storage refused (private mode): the account's age alone decides.
  }
  return seen || !(now - Date.parse(user.createdAt) < DAY_MS);
}

/** The name to greet with: the first name of the full name, else the username. */
export function greetingName(user: { fullName?: string; username?: string; email?: string }): string {
  return user.fullName?.trim().split(/\s+/)[0] || displayName(user);
}

function Greeting({ user }: { user: SelfUser }) {
  const t = useT();
  // Decided once per visit: the visit itself is remembered for the next one.
  const [back] = useState(() => isReturning(user));
  useEffect(() => {
    try {
      localStorage.setItem(seenKey(user.id), '1');
    } catch {
      // Nothing to remember it in: the account's age decides next time.
    }
  }, [user.id]);
  const name = greetingName(user);
  return (
    <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
      {back ? t('dashboard.welcome', { name }) : t('dashboard.welcomeFirst', { name })}
    </h1>
  );
}

/** A button whose label may wrap: longer languages must not push a 375 px page wider. */
const WRAPPING_BUTTON = 'h-auto min-h-10 py-2 whitespace-normal text-left';

/**
 * First steps: while the person is in no community and has created no event, the
 * dashboard offers "start or join a community" and "create your first event".
 */
function FirstSteps() {
  const t = useT();
  const communities = useMyCommunities();
  const ownEvents = useHasOwnEvents();
  const [creating, setCreating] = useState(false);
  const noCommunity = communities.isSuccess && communities.data.length === 0;
  const noEvent = ownEvents.isSuccess && !ownEvents.data;
  if (!noCommunity && !noEvent) return null;
  return (
    <HeadedSection id="first-steps" title={t('dashboard.firstSteps.title')} className="space-y-3">
      <div className={cn('grid gap-4', noCommunity && noEvent ? 'sm:grid-cols-2' : '')}>
        {noCommunity ? (
          <Card className="space-y-3 p-5 sm:p-6">
            <p className="font-semibold">{t('dashboard.firstSteps.communityTitle')}</p>
            <p className="text-sm text-stone-700">{t('dashboard.firstSteps.communityText')}</p>
            <Link to="/communities" className={cn(buttonVariants({ variant: 'secondary' }), WRAPPING_BUTTON)}>
              <Users aria-hidden="true" />
              {t('dashboard.firstSteps.community')}
            </Link>
          </Card>
        ) : null}
        {noEvent ? (
          <Card className="space-y-3 p-5 sm:p-6">
            <p className="font-semibold">{t('dashboard.firstSteps.eventTitle')}</p>
            <p className="text-sm text-stone-700">{t('dashboard.firstSteps.eventText')}</p>
            <Button onClick={() => setCreating(true)} className={WRAPPING_BUTTON}>
              <CalendarPlus aria-hidden="true" />
              {t('dashboard.firstSteps.event')}
            </Button>
          </Card>
        ) : null}
      </div>
      {creating ? (
        <Suspense fallback={null}>
          <NewEventDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </HeadedSection>
  );
}

// "Happening near <city>" in a chunk of its own: the route's preload list stays short.
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
        <Greeting user={user} />
        <p className="text-stone-700">{t('dashboard.lead')}</p>
      </div>

      {!user.emailVerified ? <VerifyEmailBanner email={user.email} /> : null}

      <ConfirmRunsCard />

      <FirstSteps />

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
