import type { GuestRsvp } from '@townsquare/contracts';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { eventTimeText } from '../../events/event-time.ts';

const STATUS: Record<GuestRsvp['status'], { label: string; tone: BadgeTone }> = {
  going: { label: 'Going', tone: 'emerald' },
  maybe: { label: 'Maybe', tone: 'amber' },
  not_going: { label: 'Not going', tone: 'neutral' },
  waitlisted: { label: 'On the waitlist', tone: 'violet' },
  offered: { label: 'A place is offered to you', tone: 'brand' },
};

/** The guest's own answer: the event, their status, their ticket code while going. */
export function GuestRsvpCard({ rsvp }: { rsvp: GuestRsvp }) {
  const when = eventTimeText(rsvp);
  const status = STATUS[rsvp.status];
  return (
    <div className="space-y-3 text-left">
      <p className="text-sm text-stone-700">Answer of {rsvp.name} to</p>
      <h2 className="font-display text-xl font-semibold break-words">
        <Link to={`/event/${rsvp.eventId}`} className="hover:underline">
          {rsvp.eventTitle}
        </Link>
      </h2>
      <p className="text-sm text-stone-700">
        {when.date}, {when.time}
        <br />
        {rsvp.location}
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>
          {rsvp.status === 'waitlisted' && rsvp.waitlistPosition !== null
            ? `Waitlist #${rsvp.waitlistPosition}`
            : status.label}
        </Badge>
      </p>
      {rsvp.ticket ? (
        <div className="rounded-xl border border-stone-200 bg-stone-50 p-3">
          <p className="text-sm font-medium text-stone-900">Your ticket code (show it at the door)</p>
          <p className="mt-1 font-mono text-xs break-all text-stone-800">{rsvp.ticket}</p>
        </div>
      ) : null}
    </div>
  );
}
