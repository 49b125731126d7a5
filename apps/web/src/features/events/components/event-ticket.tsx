import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FailedAlert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useTicket } from '../api/capacity.ts';

/**
 * The ticket of a person going: a QR code drawn on a canvas in the browser (no request once the
 * page is loaded, so it shows offline at the door), with the code as text below for hosts who
 * type it in.
 */
export function EventTicket({ eventId }: { eventId: string }) {
  const t = useT();
  const headingId = useId();
  const ticket = useTicket(eventId, true);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ticket.data && canvas.current)
      // Where a canvas cannot draw (no 2D context), the door code below still lets a host type it.
      // qrcode is loaded only for a ticket (and the share dialog's QR code), not with every page.
      void import('qrcode')
        .then(({ default: QRCode }) =>
          canvas.current
            ? QRCode.toCanvas(canvas.current, ticket.data.code, {
                width: 200,
                margin: 2,
                errorCorrectionLevel: 'M',
              })
            : undefined,
        )
        .catch(() => undefined);
  }, [ticket.data]);
  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-stone-100 pt-4">
      <h3 id={headingId} className="font-semibold">
        {t('events.ticket.title')}
      </h3>
      {ticket.isPending ? <Skeleton className="size-[200px]" /> : null}
      <FailedAlert failed={ticket} fallback={t('events.ticket.loadFailed')} />
      {ticket.data ? (
        <>
          <canvas
            ref={canvas}
            role="img"
            aria-label={t('events.ticket.qr')}
            className="rounded-lg border border-stone-200"
          />
          {ticket.data.doorCode ? (
            <p className="text-sm text-stone-700">
              {t.rich('events.ticket.code', {
                code: ticket.data.doorCode,
                b: (chunks: ReactNode) => (
                  <strong
                    className="font-mono text-base tracking-wider text-stone-900"
                    data-testid="door-code"
                  >
                    {chunks}
                  </strong>
                ),
              })}
            </p>
          ) : null}
          <p className="text-sm text-stone-600">{t('events.ticket.offline')}</p>
        </>
      ) : null}
    </section>
  );
}
