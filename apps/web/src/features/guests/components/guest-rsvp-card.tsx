import type { GuestRsvp } from '@townsquare/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { TicketCode } from '../../../components/ticket-code.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { eventTimeText } from '../../../lib/event-time.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

const STATUS: Record<GuestRsvp['status'], { label: string; tone: BadgeTone }> = {
  going: { label: 'guests.status.going', tone: 'emerald' },
  maybe: { label: 'guests.status.maybe', tone: 'amber' },
  not_going: { label: 'guests.status.notGoing', tone: 'neutral' },
  waitlisted: { label: 'guests.status.waitlisted', tone: 'violet' },
  offered: { label: 'guests.status.offered', tone: 'brand' },
};

/** The guest's own answer: the event, their status, and while going the ticket a member has too. */
export function GuestRsvpCard({ rsvp }: { rsvp: GuestRsvp }) {
  const t = useT();
  const when = eventTimeText(rsvp);
  const status = STATUS[rsvp.status];
  const ticketId = useId();
  return (
    <div className="space-y-3 text-left">
      <p className="text-sm text-stone-700">{t('guests.card.answerOf', { name: rsvp.name })}</p>
      <h2 className="font-display text-xl font-semibold">
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
            ? t('guests.card.waitlist', { position: rsvp.waitlistPosition })
            : t(status.label)}
        </Badge>
      </p>
      {rsvp.ticket ? (
        <section
          aria-labelledby={ticketId}
          className="space-y-2 rounded-xl border border-stone-200 bg-stone-50 p-3"
        >
          <h3 id={ticketId} className="text-sm font-medium text-stone-900">
            {t('guests.card.ticket')}
          </h3>
          <TicketCode code={rsvp.ticket} doorCode={rsvp.doorCode ?? null} />
        </section>
      ) : null}
    </div>
  );
}
