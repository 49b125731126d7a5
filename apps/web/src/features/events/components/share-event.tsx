import { Check, Link2, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { eventUrl, googleCalendarUrl, outlookCalendarUrl, usePageOrigin } from '../share-links.ts';

type Shareable = Parameters<typeof googleCalendarUrl>[0];

/** Share (the phone's share sheet where there is one) and copy the link (issue 23). */
export function ShareEvent({ event }: { event: Shareable }) {
  const [copied, setCopied] = useState(false);
  const origin = usePageOrigin();
  const url = eventUrl(event.id, origin);
  // Known only in the browser: decided with the origin, after hydration.
  const canShare = origin !== '' && typeof navigator.share === 'function';

  async function copy() {
    await navigator.clipboard.writeText(url);
    setCopied(true);
    setTimeout(() => setCopied(false), 3000);
  }

  return (
    <div className="flex flex-wrap gap-2">
      {canShare ? (
        <Button
          variant="secondary"
          onClick={() => {
            // A dismissed share sheet rejects; nothing to tell.
            navigator.share({ title: event.title, url }).catch(() => undefined);
          }}
        >
          <Share2 aria-hidden="true" />
          Share
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
        {copied ? 'Link copied' : 'Copy link'}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? 'Link copied' : ''}
      </span>
    </div>
  );
}

/** One-click Google Calendar and Outlook links, beside the .ics download. */
export function CalendarLinks({ event }: { event: Shareable }) {
  const link = buttonVariants({ variant: 'secondary', className: 'w-full' });
  const origin = usePageOrigin();
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
      <a href={googleCalendarUrl(event, origin)} target="_blank" rel="noopener noreferrer" className={link}>
        Google Calendar
      </a>
      <a href={outlookCalendarUrl(event, origin)} target="_blank" rel="noopener noreferrer" className={link}>
        Outlook
      </a>
    </div>
  );
}
