import type { EventDto } from '@townsquare/contracts';
import {
  CalendarDays,
  CalendarX2,
  Clock,
  Globe,
  MapPin,
  Pencil,
  Tag,
  Trash2,
  UserRound,
  Users,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { allDayCardText } from '../../../lib/event-time.ts';
import { formatCardDate, formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { EVENT_TEXT } from '../event-texts.ts';
import { EventFact } from './event-fact.tsx';
import { EventImage } from './event-image.tsx';
import { EventStatusBadge } from './event-status-badge.tsx';
import { FriendsGoing } from './friends-going.tsx';
import { HostedBy } from './hosted-by.tsx';

interface EventCardProps {
  event: EventDto;
  /** The signed-in user created it: Edit (and Delete, where offered) are shown. */
  canManage: boolean;
  onEdit?: (event: EventDto) => void;
  /** Offered on the dashboard only. */
  onDelete?: (event: EventDto) => void;
  /** Warms up the dialogs' code when the pointer or focus reaches Edit or Delete. */
  onEditIntent?: () => void;
}

/** "7:00 PM - 9:00 PM"; empty when a date cannot be read. */
export function formatTimeRange(start: string, end: string): string {
  const from = formatTime(start);
  const to = formatTime(end);
  if (!from) return '';
  return to ? `${from} - ${to}` : from;
}

/** Spec 2, Dashboard: image, status, date, time range, location, tags, RSVP count and creator. */
export function EventCard({ event, canManage, onEdit, onDelete, onEditIntent }: EventCardProps) {
  const titleId = useId();
  const t = useT();
  // All day (decision 078): the first day where it happens and "All day", no times.
  const allDay = allDayCardText(event);
  const timeRange = allDay ? allDay.time : formatTimeRange(event.startDate, event.endDate);
  const creator = event.creator?.username || EVENT_TEXT.unknownCreator;
  const rsvps = event.attendeeCount ?? 0;
  return (
    <article
      // Named by its title directly rather than through the heading's id: a board run in CI
      // once showed the card with its heading and an article of no name, its reference unresolved.
      aria-label={event.title}
      className="flex flex-col overflow-hidden rounded-(--radius-card) border border-stone-200/80 bg-white shadow-(--shadow-soft)"
    >
      <div className="relative">
        <EventImage
          src={event.imageUrl}
          sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw"
          className="aspect-[16/9] w-full"
        />
        <EventStatusBadge status={event.status} className="absolute top-3 left-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <h3 id={titleId} className="text-lg leading-snug font-semibold">
          {event.title}
        </h3>
        {event.cancelled ? (
          <p className="-mt-2 flex items-center gap-2 rounded-lg bg-rose-50 px-3 py-2 text-sm font-semibold text-rose-900">
            <CalendarX2 className="size-4 shrink-0" aria-hidden="true" />
            {EVENT_TEXT.cancelledNotice}
          </p>
        ) : null}
        <dl className="space-y-1.5 text-sm text-stone-700">
          <EventFact look="card" icon={CalendarDays} label="Date">
            {allDay ? allDay.date : formatCardDate(event.startDate)}
          </EventFact>
          {timeRange ? (
            <EventFact look="card" icon={Clock} label="Time">
              {timeRange}
            </EventFact>
          ) : null}
          <EventFact look="card" icon={MapPin} label="Location">
            {event.location}
          </EventFact>
          {event.tags.length > 0 ? (
            <EventFact look="card" icon={Tag} label="Tags">
              {event.tags.join(', ')}
            </EventFact>
          ) : null}
          <EventFact look="card" icon={Users} label="RSVPs">
            {rsvps} {rsvps === 1 ? 'RSVP' : 'RSVPs'}
          </EventFact>
          <EventFact look="card" icon={UserRound} label="Created by">
            {creator}
          </EventFact>
          {event.origin ? (
            <EventFact look="card" icon={Globe} label={t('events.remote.label')}>
              {t('events.remote.from', { instance: event.origin.instance })}
            </EventFact>
          ) : null}
          {event.community ? (
            <EventFact look="card" icon={Users} label="Community">
              <HostedBy community={event.community} />
            </EventFact>
          ) : null}
        </dl>
        <FriendsGoing friendsGoing={event.friendsGoing} />
        <div className="mt-auto space-y-2 pt-1">
          <Button asChild size="sm" variant="secondary" className="w-full">
            {event.origin ? (
              // Another server's event (decision 079): its page and its answers are there.
              <a href={event.origin.url} rel="noopener noreferrer nofollow" aria-describedby={titleId}>
                {t('events.remote.view', { instance: event.origin.instance })}
              </a>
            ) : (
              <Link to={`/event/${event.id}`} aria-describedby={titleId}>
                {t('events.card.view')}
              </Link>
            )}
          </Button>
          {canManage && (onEdit || onDelete) ? (
            <div className={onEdit && onDelete ? 'grid grid-cols-2 gap-2' : 'grid'}>
              {onEdit ? (
                <Button
                  size="sm"
                  variant="soft"
                  aria-describedby={titleId}
                  onClick={() => onEdit(event)}
                  onPointerEnter={onEditIntent}
                  onFocus={onEditIntent}
                >
                  <Pencil aria-hidden="true" />
                  {t('events.card.edit')}
                </Button>
              ) : null}
              {onDelete ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-800 hover:bg-red-50 hover:text-red-900"
                  aria-describedby={titleId}
                  onClick={() => onDelete(event)}
                  onPointerEnter={onEditIntent}
                  onFocus={onEditIntent}
                >
                  <Trash2 aria-hidden="true" />
                  {t('events.card.delete')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function EventCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-(--radius-card) border border-stone-200/80 bg-white">
      <Skeleton className="aspect-[16/9] w-full rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-9 w-32 rounded-full" />
      </div>
    </div>
  );
}
