import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadAttendeesCsv } from '../api/capacity.ts';

/** Downloads an event's attendee list as CSV; `onError` gets what failed (null when a new try starts). */
export function DownloadAttendeesButton({
  eventId,
  title,
  failedText,
  onError,
  className,
  children,
}: {
  eventId: string;
  title: string;
  failedText: string;
  onError: (message: string | null) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => {
        onError(null);
        downloadAttendeesCsv(eventId, title).catch((err: unknown) => onError(errorMessage(err, failedText)));
      }}
    >
      <Download aria-hidden="true" />
      {children}
    </Button>
  );
}
