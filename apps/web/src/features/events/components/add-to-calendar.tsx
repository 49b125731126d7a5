import { CalendarPlus } from 'lucide-react';
import type { MouseEvent } from 'react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

const API_ORIGIN: string = import.meta.env.VITE_API_URL ?? '';

interface AddToCalendarProps {
  eventId: string;
  title: string;
  /** Signed in: the file is fetched with the session, so private events work too. */
  signedIn: boolean;
}

/** Downloads GET /api/events/:id/ics, an iCalendar file with the event and its recurrence. */
export function AddToCalendar({ eventId, title, signedIn }: AddToCalendarProps) {
  const t = useT();
  const path = `/api/events/${encodeURIComponent(eventId)}/ics`;
  const fileName = `${
    title
      .replace(/[^a-zA-Z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event'
  }.ics`;

  async function downloadWithSession(event: MouseEvent<HTMLAnchorElement>) {
    if (!signedIn) return;
    event.preventDefault();
    try {
      const text = await api.get<string>(path);
      const url = URL.createObjectURL(new Blob([String(text)], { type: 'text/calendar' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      // Loaded here, not with the module: the public event page shows this link, and nothing of the
      // toaster needs to be parsed before that page responds (the Toaster loads it after paint too).
      const { toast } = await import('sonner');
      toast.error(errorMessage(error, t('events.calendar.failed')));
    }
  }

  return (
    <a
      href={`${API_ORIGIN}${path}`}
      download={fileName}
      onClick={downloadWithSession}
      className={buttonVariants({ variant: 'secondary', className: 'w-full' })}
    >
      <CalendarPlus aria-hidden="true" />
      {t('events.calendar.add')}
    </a>
  );
}
