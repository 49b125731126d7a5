import { useId } from 'react';
import { TicketCode } from '../../../components/ticket-code.tsx';
import { FailedAlert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useTicket } from '../api/capacity.ts';

/** The ticket of a member going: its QR code and door code (`TicketCode`, as a guest's). */
export function EventTicket({ eventId }: { eventId: string }) {
  const t = useT();
  const headingId = useId();
  const ticket = useTicket(eventId, true);
  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-stone-100 pt-4">
      <h3 id={headingId} className="font-semibold">
        {t('events.ticket.title')}
      </h3>
      {ticket.isPending ? <Skeleton className="size-[200px]" /> : null}
      <FailedAlert failed={ticket} fallback={t('events.ticket.loadFailed')} />
      {ticket.data ? <TicketCode code={ticket.data.code} doorCode={ticket.data.doorCode} /> : null}
    </section>
  );
}
