import { ShareButtons } from '../../../components/share-buttons.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { eventUrl, googleCalendarUrl, outlookCalendarUrl, usePageOrigin } from '../share-links.ts';

type Shareable = Parameters<typeof googleCalendarUrl>[0];

/** Share the event page: share sheet, copy link, QR code. */
export function ShareEvent({ event }: { event: Shareable }) {
  const origin = usePageOrigin();
  return <ShareButtons title={event.title} url={origin ? eventUrl(event.id, origin) : ''} />;
}

/** One-click Google Calendar and Outlook links, beside the .ics download. */
export function CalendarLinks({ event }: { event: Shareable }) {
  const t = useT();
  const link = buttonVariants({ variant: 'secondary', className: 'w-full' });
  const origin = usePageOrigin();
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
      <a href={googleCalendarUrl(event, origin)} target="_blank" rel="noopener noreferrer" className={link}>
        {t('events.calendar.google')}
      </a>
      <a href={outlookCalendarUrl(event, origin)} target="_blank" rel="noopener noreferrer" className={link}>
        {t('events.calendar.outlook')}
      </a>
    </div>
  );
}
