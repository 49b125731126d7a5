import type { Attendee, AttendeesResponse, FullRsvpStatus } from '@townsquare/contracts';
import { UserMinus } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCardDate, formatTime, inTimeZone } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { joinRoom } from '../../../lib/socket.ts';
import { useAttendees, useRemoveAttendee } from '../api/capacity.ts';
import { DownloadAttendeesButton } from './download-attendees-button.tsx';
import { MessageGuests } from './message-guests.tsx';

type Filter = 'all' | 'going' | 'maybe' | 'waitlisted' | 'offered' | 'checkedIn';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'events.guests.filter.all' },
  { value: 'going', label: 'events.guests.filter.going' },
  { value: 'maybe', label: 'events.guests.filter.maybe' },
  { value: 'waitlisted', label: 'events.guests.filter.waitlist' },
  { value: 'offered', label: 'events.guests.filter.offers' },
  { value: 'checkedIn', label: 'events.guests.filter.checkedIn' },
];

const STATUS: Record<FullRsvpStatus, { label: string; tone: BadgeTone }> = {
  going: { label: 'events.guests.status.going', tone: 'emerald' },
  maybe: { label: 'events.guests.status.maybe', tone: 'amber' },
  not_going: { label: 'events.guests.status.notGoing', tone: 'neutral' },
  waitlisted: { label: 'events.guests.status.waitlist', tone: 'violet' },
  offered: { label: 'events.guests.status.offered', tone: 'sky' },
};

const matches = (a: Attendee, filter: Filter) =>
  filter === 'all' ? true : filter === 'checkedIn' ? a.checkedInAt !== null : a.status === filter;

/** "Nov 28, 2026, 7:00 PM" in the event's zone, the viewer's locale. */
const at = (iso: string, timeZone: string) => {
  const local = inTimeZone(iso, timeZone);
  return `${formatCardDate(local)}, ${formatTime(local)}`;
};

/**
 * The hosts' guest list: everyone who answered, by status, with waitlist positions,
 * open offers, guests, check-ins and answers; a search; removing someone (their place goes to the
 * next in line at once). Live: the event's room says when the list changed.
 */
export function GuestList({
  eventId,
  title,
  timeZone,
}: {
  eventId: string;
  title: string;
  timeZone: string;
}) {
  const t = useT();
  const list = useAttendees(eventId);
  const { refetch } = list;
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [removing, setRemoving] = useState<Attendee | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveAttendee(eventId);
  const searchId = useId();

  // The room carries `attendees-changed`; a join that lands late (a reconnect) refetches.
  useEffect(
    () =>
      joinRoom({ join: 'join-event-chat', leave: 'leave-event-chat', payload: { eventId } }, () => {
        void refetch();
      }),
    [eventId, refetch],
  );

  const data: AttendeesResponse | undefined = list.data;
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (data?.attendees ?? []).filter(
      (a) =>
        a.status !== 'not_going' &&
        (!needle ||
          a.fullName.toLowerCase().includes(needle) ||
          (a.username ?? '').toLowerCase().includes(needle) ||
          a.guests.some((g) => g.toLowerCase().includes(needle))),
    );
  }, [data, query]);

  if (list.isPending) return <Skeleton className="h-40" />;
  if (list.isError || !data)
    return <Alert variant="error">{errorMessage(list.error, t('events.guests.loadFailed'))}</Alert>;

  const count = (f: Filter) => data.attendees.filter((a) => a.status !== 'not_going' && matches(a, f)).length;
  const guestsGoing = data.attendees
    .filter((a) => a.status === 'going')
    .reduce((sum, a) => sum + a.guests.length, 0);

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">
        {t('events.guests.summary', {
          going: data.going,
          guests: guestsGoing,
          maybe: count('maybe'),
          waiting: count('waitlisted'),
          offered: count('offered'),
          came: data.came,
        })}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={searchId} className="sr-only">
            {t('events.guests.search')}
          </label>
          <SearchInput
            id={searchId}
            placeholder={t('events.guests.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <DownloadAttendeesButton
          eventId={eventId}
          title={title}
          failedText={t('events.guests.downloadFailed')}
          onError={setError}
        >
          {t('events.guests.export')}
        </DownloadAttendeesButton>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <MessageGuests eventId={eventId} />
      <Tabs value={filter} onValueChange={(v) => setFilter(v as Filter)}>
        <TabsList aria-label={t('events.guests.show')}>
          {FILTERS.map((f) => (
            <TabsTrigger key={f.value} value={f.value}>
              {t('events.guests.tab', { label: t(f.label), count: count(f.value) })}
            </TabsTrigger>
          ))}
        </TabsList>
        {FILTERS.map((f) => (
          <TabsContent key={f.value} value={f.value} className="mt-4">
            <GuestRows
              people={shown.filter((a) => matches(a, f.value))}
              questions={data.questions}
              timeZone={timeZone}
              onRemove={setRemoving}
            />
          </TabsContent>
        ))}
      </Tabs>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('events.guests.removeTitle', { name: removing?.fullName })}
        body={t('events.guests.removeBody')}
        cancel={t('events.guests.cancel')}
        confirm={t('events.guests.remove')}
        onConfirm={() => {
          const person = removing;
          if (!person) return;
          remove.mutate(person.userId, {
            onSuccess: () => toast.success(t('events.guests.removed', { name: person.fullName })),
            onError: (err) => setError(errorMessage(err, t('events.guests.removeFailed'))),
          });
        }}
      />
    </div>
  );
}

function GuestRows({
  people,
  questions,
  timeZone,
  onRemove,
}: {
  people: Attendee[];
  questions: AttendeesResponse['questions'];
  timeZone: string;
  onRemove: (person: Attendee) => void;
}) {
  const t = useT();
  if (people.length === 0) return <p className="text-sm text-stone-600">{t('events.guests.none')}</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {people.map((a) => (
        <li key={a.userId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-stone-900">{a.fullName}</span>
              {a.username ? <span className="text-sm text-stone-600">@{a.username}</span> : null}
              {a.guest ? <Badge tone="sky">{t('events.guests.guestBadge')}</Badge> : null}
              <Badge tone={STATUS[a.status].tone}>
                {a.status === 'waitlisted' && a.waitlistPosition !== null
                  ? t('events.guests.waitlistNumber', { position: a.waitlistPosition })
                  : t(STATUS[a.status].label)}
              </Badge>
              {a.checkedInAt ? (
                <Badge tone="teal">
                  {t('events.guests.checkedInAt', { time: formatTime(inTimeZone(a.checkedInAt, timeZone)) })}
                </Badge>
              ) : null}
            </p>
            {a.offerExpiresAt ? (
              <p className="text-sm text-stone-700">
                {t('events.guests.offerUntil', { date: at(a.offerExpiresAt, timeZone) })}
              </p>
            ) : null}
            {a.guests.length > 0 ? (
              <p className="text-sm text-stone-700">
                {t('events.guests.guests', {
                  names: a.guests.map((g) => g || t('events.guests.unnamed')).join(', '),
                })}
              </p>
            ) : null}
            {questions
              .filter((q) => q.id && a.answers[q.id])
              .map((q) => (
                <p key={q.id} className="text-sm text-stone-700">
                  <span className="font-medium">{q.text}</span> {a.answers[q.id as string]}
                </p>
              ))}
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            aria-label={t('events.guests.removeName', { name: a.fullName })}
            onClick={() => onRemove(a)}
          >
            <UserMinus aria-hidden="true" />
            {t('events.guests.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
