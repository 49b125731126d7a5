import { EVENT_BANNER_SIZES, type PublicEventDto } from '@townsquare/contracts';
import {
  CalendarDays,
  CalendarX2,
  Clock,
  DollarSign,
  MapPin,
  Settings2,
  UserRound,
  Users,
  Video,
} from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { SignInLink } from '../../components/sign-in-link.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge, TagList } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { WhenIdle } from '../../components/when-idle.tsx';
import { usePublicEvent } from '../../features/events/api/get-public-event.ts';
import { AddToCalendar } from '../../features/events/components/add-to-calendar.tsx';
import { CancelEventControls } from '../../features/events/components/cancel-event-dialog.tsx';
import { EventAttendees } from '../../features/events/components/event-attendees.tsx';
import { EventFact } from '../../features/events/components/event-fact.tsx';
import { EventHosts, HostTools } from '../../features/events/components/event-hosts.tsx';
import { EventImage } from '../../features/events/components/event-image.tsx';
import { EventStatusBadge } from '../../features/events/components/event-status-badge.tsx';
import { FriendsGoing } from '../../features/events/components/friends-going.tsx';
import { HostedBy } from '../../features/events/components/hosted-by.tsx';
import { CalendarLinks, ShareEvent } from '../../features/events/components/share-event.tsx';
import { isEventCreator, isPastEvent } from '../../features/events/event-status.ts';
import { EVENT_TEXT } from '../../features/events/event-texts.ts';
import { PlaceMap } from '../../features/places/components/place-map.tsx';
import { EventBackers, HostingOffers } from '../../features/sponsors/components/event-sponsors.tsx';
import { useCurrency } from '../../lib/api/get-instance.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { ApiError, DisplayError } from '../../lib/api-client.ts';
import { eventTimeText } from '../../lib/event-time.ts';
import { formatLongDate, formatMoney } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n/intl.tsx';
import type { EventPlaceExtras } from '../../lib/place-text.ts';

// The event chat and sub-groups (the chat feature's panel) load after the event itself.
const EventSocialPanel = lazy(() =>
  import('../components/event-social-panel.tsx').then((m) => ({
    default: m.EventSocialPanel,
  })),
);
// What only a signed-in visitor sees (RSVP with its ticket's QR code, the report menu with its
// dialogs, the series toggle) loads when it is shown: the public page a signed-out visitor opens
// from a link then parses none of it before it can respond (decision 025).
const EventRsvp = lazy(() =>
  import('../../features/events/components/event-rsvp.tsx').then((m) => ({ default: m.EventRsvp })),
);
const ContentMenu = lazy(() =>
  import('../../features/moderation/components/content-menu.tsx').then((m) => ({ default: m.ContentMenu })),
);
// Answering without an account (decision 040): only for signed-out visitors of events that allow it.
const GuestRsvpForm = lazy(() =>
  import('../../features/guests/components/guest-rsvp-form.tsx').then((m) => ({ default: m.GuestRsvpForm })),
);
// The sign-up sheet: signed in only, so the public page never loads it.
const SignupSheet = lazy(() =>
  import('../../features/signups/components/signup-sheet.tsx').then((m) => ({ default: m.SignupSheet })),
);
// The album and recaps (decision 075): once the event has started, below the fold.
const EventAlbum = lazy(() =>
  import('../../features/albums/components/event-album.tsx').then((m) => ({ default: m.EventAlbum })),
);
const GuestList = lazy(() =>
  import('../../features/events/components/guest-list.tsx').then((m) => ({ default: m.GuestList })),
);
// "Duplicate event" for hosts only, with the form's code: the public page never loads it.
const DuplicateEvent = lazy(() =>
  import('../../features/events/components/duplicate-event.tsx').then((m) => ({ default: m.DuplicateEvent })),
);
const SeriesAutoPublish = lazy(() =>
  import('../../features/events/components/series-auto-publish.tsx').then((m) => ({
    default: m.SeriesAutoPublish,
  })),
);
const SeriesStandingToggle = lazy(() =>
  import('../../features/events/components/series-standing-toggle.tsx').then((m) => ({
    default: m.SeriesStandingToggle,
  })),
);

/** "$12" or "$7.50", or "Free" (spec 9, cost display), in the instance's currency and the viewer's locale. */
export function formatCost(event: Pick<PublicEventDto, 'cost' | 'isFree'>, currency = 'USD'): string {
  if (event.isFree) return translate('events.detail.free');
  return formatMoney(Number(event.cost) || 0, currency);
}

function EventDetailSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label={translate('events.detail.loading')}>
      <Skeleton className="aspect-[21/9] w-full rounded-(--radius-card)" />
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}

function EventBody({ event }: { event: PublicEventDto }) {
  const { user } = useSession();
  const t = useT();
  const past = isPastEvent(event);
  // Online events: read when the server sends them; the link only reaches people going.
  const online = event as PublicEventDto & EventPlaceExtras;
  const creator = isEventCreator(event, user?.id);
  // In the event's own zone, and in the viewer's too when it differs.
  const when = eventTimeText(event);
  const currency = useCurrency(event?.community);
  const creatorName = event.creator?.username || EVENT_TEXT.unknownUser;
  const socialPanel = useRef<HTMLDivElement>(null);

  return (
    <article className="space-y-8">
      <title>{`${event.title} · Townsquare`}</title>
      <div className="space-y-6">
        <EventImage
          src={event.imageUrl}
          priority
          sizes={EVENT_BANNER_SIZES}
          className="aspect-[16/9] w-full rounded-(--radius-card) shadow-(--shadow-soft) sm:aspect-[21/8]"
        />
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <EventStatusBadge status={past ? 'PAST' : event.status} />
            {event.visibility === 'PRIVATE' ? (
              <Badge tone="violet">{t('events.detail.private')}</Badge>
            ) : null}
            {event.cancelled ? <Badge tone="rose">{t('events.detail.cancelledBadge')}</Badge> : null}
            {event.recurrence !== 'NONE' ? (
              <Badge tone="sky">{t(`events.recurrence.${event.recurrence}`)}</Badge>
            ) : null}
          </div>
          <div className="flex items-start justify-between gap-2">
            <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{event.title}</h1>
            {user && !creator ? (
              <Suspense fallback={null}>
                <ContentMenu
                  name={t('events.detail.moreActions')}
                  report={{
                    subjectType: 'event',
                    subjectId: event.id,
                    label: t('events.detail.reportLabel'),
                  }}
                  className="shrink-0 pt-1"
                />
              </Suspense>
            ) : null}
          </div>
          <FriendsGoing friendsGoing={event.friendsGoing} />
        </div>
        {event.cancelled ? (
          <Alert variant="warning" title={EVENT_TEXT.cancelledNotice}>
            {event.isHost || creator
              ? t('events.detail.cancelledToldAll')
              : t('events.detail.cancelledCalledOff')}
          </Alert>
        ) : past ? (
          <Alert variant="info" title={t('events.detail.ended')}>
            {t('events.detail.tookPlace', { date: formatLongDate(event.startDate) })}
          </Alert>
        ) : null}
      </div>

      {/* One column on phones (details, then what you can do, then the rest); three on wide screens. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="min-w-0 p-5 sm:p-6 lg:col-span-2">
          <h2 className="sr-only">{t('events.detail.details')}</h2>
          <dl className="grid gap-5 sm:grid-cols-2">
            <EventFact look="page" icon={CalendarDays} label={t('events.detail.date')}>
              {when.date}
            </EventFact>
            <EventFact look="page" icon={Clock} label={t('events.detail.time')}>
              {when.time}
            </EventFact>
            {when.yours ? (
              <EventFact look="page" icon={Clock} label={t('events.detail.yourTime')}>
                {when.yours}
              </EventFact>
            ) : null}
            <EventFact look="page" icon={MapPin} label={t('events.detail.location')}>
              {event.location}
            </EventFact>
            {online.online ? (
              <EventFact look="page" icon={Video} label={t('events.detail.online')}>
                {online.onlineUrl ? (
                  <a
                    href={online.onlineUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold break-all text-brand-800 hover:underline"
                  >
                    {t('events.detail.joinOnline')}
                  </a>
                ) : (
                  t('events.detail.onlineHidden')
                )}
              </EventFact>
            ) : null}
            <EventFact look="page" icon={DollarSign} label={t('events.detail.cost')}>
              {formatCost(event, currency)}
            </EventFact>
            <EventFact look="page" icon={Users} label={t('events.detail.attendees')}>
              {t('events.detail.going', { going: event.attendeeCount, maybe: event.maybeCount })}
            </EventFact>
            <EventFact look="page" icon={UserRound} label={t('events.detail.organizer')}>
              {event.creator?.username ? (
                <Link
                  to={`/user/${event.creatorId}`}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  {creatorName}
                </Link>
              ) : (
                creatorName
              )}
              {event.community ? (
                <span className="block">
                  <HostedBy community={event.community} />
                </span>
              ) : null}
            </EventFact>
          </dl>
          <TagList
            tags={event.tags}
            label={t('events.detail.tags')}
            className="mt-6 flex flex-wrap gap-1.5 border-t border-stone-100 pt-5"
          />
          <EventBackers eventId={event.id} />
        </Card>

        <aside
          className="min-w-0 space-y-6 lg:col-start-3 lg:row-span-3 lg:row-start-1"
          aria-label={t('events.detail.yourPart')}
        >
          {creator ? (
            <Card className="space-y-4 border-brand-200 bg-brand-50 p-5 sm:p-6">
              <p className="flex items-center gap-2 font-semibold text-brand-900">
                <Settings2 className="size-5" aria-hidden="true" />
                {EVENT_TEXT.creatorNotice}
              </p>
              {past ? null : (
                <Button asChild className="w-full">
                  <Link to="/dashboard">{t('events.detail.manage')}</Link>
                </Button>
              )}
              <HostTools eventId={event.id} title={event.title} />
              {user ? (
                <Suspense fallback={null}>
                  <Suspense fallback={null}>
                    <DuplicateEvent event={event} viewerId={user.id} />
                  </Suspense>
                </Suspense>
              ) : null}
              {user && event.seriesId && !past ? (
                <Suspense fallback={null}>
                  <SeriesAutoPublish seriesId={event.seriesId} event={event} />
                </Suspense>
              ) : null}
              {past ? null : <CancelEventControls event={event} />}
            </Card>
          ) : user ? (
            <>
              {event.isHost ? (
                <Card className="space-y-4 border-brand-200 bg-brand-50 p-5 sm:p-6">
                  <p className="flex items-center gap-2 font-semibold text-brand-900">
                    <Settings2 className="size-5" aria-hidden="true" />
                    {t('events.detail.coHost')}
                  </p>
                  <HostTools eventId={event.id} title={event.title} />
                  <DuplicateEvent event={event} viewerId={user.id} />
                  {past ? null : <CancelEventControls event={event} />}
                </Card>
              ) : null}
              {past || event.cancelled ? null : (
                <Card className="space-y-4 p-5 sm:p-6">
                  <Suspense fallback={<Skeleton className="h-24" />}>
                    <EventRsvp key={event.viewerRsvp?.status ?? 'none'} event={event} viewerId={user.id} />
                    {event.seriesId ? <SeriesStandingToggle seriesId={event.seriesId} /> : null}
                  </Suspense>
                </Card>
              )}
            </>
          ) : (
            <Card className="space-y-4 p-5 sm:p-6">
              {event.allowGuestRsvp && !past && !event.cancelled ? (
                <Suspense fallback={<Skeleton className="h-48" />}>
                  <GuestRsvpForm eventId={event.id} questions={event.questions ?? []} />
                </Suspense>
              ) : (
                <h2 className="text-lg font-semibold">{t('events.detail.wantToGo')}</h2>
              )}
              <p className="text-sm text-stone-700">{t('events.detail.signInPrompt')}</p>
              <SignInLink className="w-full">{t('events.detail.signInToRsvp')}</SignInLink>
            </Card>
          )}
          {user && !past && !event.cancelled && event.status !== 'DRAFT' ? (
            <HostingCard
              eventId={event.id}
              host={creator || Boolean(event.isHost)}
              business={user.roles.includes('Sponsor')}
            />
          ) : null}
          {(event.hosts?.length ?? 0) > 0 ? (
            <Card className="p-5 sm:p-6">
              <EventHosts event={event} viewerId={user?.id ?? null} />
            </Card>
          ) : null}
          <Card className="space-y-3 p-5 sm:p-6">
            <h2 className="text-lg font-semibold">{t('events.detail.saveDate')}</h2>
            <AddToCalendar eventId={event.id} title={event.title} signedIn={Boolean(user)} />
            <CalendarLinks event={event} />
            <p className="text-xs text-stone-600">{t('events.detail.icsHint')}</p>
          </Card>
          <Card className="space-y-3 p-5 sm:p-6">
            <h2 className="text-lg font-semibold">{t('events.detail.tellFriend')}</h2>
            <ShareEvent event={event} />
          </Card>
        </aside>
        <Card className="min-w-0 p-5 sm:p-6 lg:col-span-2">
          <h2 className="text-lg font-semibold">{t('events.detail.about')}</h2>
          <p className="mt-3 whitespace-pre-line text-stone-800">{event.description}</p>
        </Card>

        {event.place ? (
          <Card className="min-w-0 space-y-3 p-5 sm:p-6 lg:col-span-2">
            <h2 className="text-lg font-semibold">{t('events.detail.where')}</h2>
            <PlaceMap place={event.place} />
          </Card>
        ) : null}

        {event.status !== 'DRAFT' && new Date(event.startDate) <= new Date() ? (
          <Card className="min-w-0 p-5 sm:p-6 lg:col-span-2">
            <Suspense fallback={<Skeleton className="h-40" />}>
              <EventAlbum eventId={event.id} />
            </Suspense>
          </Card>
        ) : null}

        {user ? (
          <Card className="min-w-0 p-5 sm:p-6 lg:col-span-2">
            <Suspense fallback={<Skeleton className="h-24" />}>
              <SignupSheet
                eventId={event.id}
                viewerId={user.id}
                timeZone={event.timeZone ?? 'UTC'}
                isHost={creator || Boolean(event.isHost)}
                going={event.viewerRsvp?.status === 'going'}
              />
            </Suspense>
          </Card>
        ) : null}

        <Card className="min-w-0 p-5 sm:p-6 lg:col-span-2">
          <h2 className="mb-4 text-lg font-semibold">{t('events.detail.whoGoing')}</h2>
          <EventAttendees userIds={event.rsvps} />
        </Card>

        {creator || event.isHost ? (
          <Card className="min-w-0 p-5 sm:p-6 lg:col-span-2">
            <h2 className="mb-4 text-lg font-semibold">{t('events.detail.guests')}</h2>
            <Suspense fallback={<Skeleton className="h-40" />}>
              <GuestList eventId={event.id} title={event.title} timeZone={event.timeZone ?? 'UTC'} />
            </Suspense>
          </Card>
        ) : null}
      </div>

      {/* The event chat and sub-groups (the chat feature's panel). Signed out, the chat is readable
          with a prompt to sign in, and sub-groups are not asked for. */}
      {/* Signed out, it loads as the reader nears it (on a phone it is screens below the event), so
          a visitor who only reads the event never parses the chat; signed in, once the page is idle. */}
      <div ref={socialPanel}>
        <WhenIdle
          fallback={<Skeleton className="h-64 rounded-(--radius-card)" />}
          near={user ? undefined : socialPanel}
        >
          <Suspense fallback={<Skeleton className="h-64 rounded-(--radius-card)" />}>
            <EventSocialPanel eventId={event.id} isOrganizer={creator} />
          </Suspense>
        </WhenIdle>
      </div>
    </article>
  );
}

/** Hosting offers in a card of their own, when there is something to show (decision 083). */
function HostingCard(props: { eventId: string; host: boolean; business: boolean }) {
  if (!props.host && !props.business) return null;
  return (
    <Card className="p-5 sm:p-6 empty:hidden">
      <HostingOffers {...props} />
    </Card>
  );
}

/** Spec 2, "Event detail" (public: works signed out for public, published events). */
export function EventDetailPage() {
  const { eventId = '' } = useParams();
  const { user, status } = useSession();
  const t = useT();
  const event = usePublicEvent(eventId, user?.id ?? null);

  if (status === 'loading' || event.isPending) return <EventDetailSkeleton />;

  if (event.isError) {
    const notFound = event.error instanceof ApiError && event.error.status === 404;
    const title = notFound
      ? EVENT_TEXT.notFound
      : event.error instanceof DisplayError
        ? event.error.message
        : EVENT_TEXT.loadFailed;
    return (
      <div className="mx-auto max-w-xl">
        <title>{t('events.detail.pageTitle', { title })}</title>
        <h1 className="sr-only">{t('events.detail.event')}</h1>
        <EmptyState
          icon={CalendarX2}
          title={title}
          actions={
            <Button asChild variant="secondary">
              <Link to={user ? '/dashboard' : '/'}>
                {user ? t('events.detail.backDashboard') : t('events.detail.backHome')}
              </Link>
            </Button>
          }
        >
          <p>{notFound ? t('events.detail.notFoundHint') : t('events.detail.offlineHint')}</p>
        </EmptyState>
      </div>
    );
  }

  return <EventBody event={event.data} />;
}
