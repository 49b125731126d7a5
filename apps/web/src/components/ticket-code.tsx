import { type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../lib/i18n/intl.tsx';

/**
 * A ticket as it is shown at the door, the same for a member and a guest without an account: the
 * signed `code` as a QR code drawn on a canvas in the browser (no request once the page is loaded,
 * so it shows offline), with the short door code below for hosts who type it in.
 */
export function TicketCode({ code, doorCode }: { code: string; doorCode: string | null }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current)
      // Where a canvas cannot draw (no 2D context), the door code below still lets a host type it.
      // qrcode is loaded only for a ticket (and the share dialog's QR code), not with every page.
      void import('qrcode')
        .then(({ default: QRCode }) =>
          canvas.current
            ? QRCode.toCanvas(canvas.current, code, { width: 200, margin: 2, errorCorrectionLevel: 'M' })
            : undefined,
        )
        .catch(() => undefined);
  }, [code]);
  return (
    <>
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('events.ticket.qr')}
        className="rounded-lg border border-stone-200"
      />
      {doorCode ? (
        <p className="text-sm text-stone-700">
          {t.rich('events.ticket.code', {
            code: doorCode,
            b: (chunks: ReactNode) => (
              <strong className="font-mono text-base tracking-wider text-stone-900" data-testid="door-code">
                {chunks}
              </strong>
            ),
          })}
        </p>
      ) : null}
      <p className="text-sm text-stone-600">{t('events.ticket.offline')}</p>
    </>
  );
}
