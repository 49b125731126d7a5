import { Check } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useRsvpGoing } from '../api/rsvp-going.ts';
import type { AppNotification } from '../types.ts';

/** "I'm going" under a `poll_finalized` notification: answers the new event in one tap. */
export function GoingButton({ notification }: { notification: AppNotification }) {
  const going = useRsvpGoing();
  const t = useT();
  if (notification.kind !== 'poll_finalized' || notification.subject.type !== 'event') return null;
  return (
    <div className="px-4 pb-3 pl-16">
      <Button
        size="sm"
        loading={going.isPending}
        disabled={going.isSuccess}
        onClick={() =>
          going.mutate(notification.subject.id, {
            onSuccess: () => toast.success(t('notifications.going.done')),
            onError: (err) => toast.error(errorMessage(err, t('notifications.going.failed'))),
          })
        }
      >
        <Check aria-hidden="true" />
        {going.isSuccess ? t('notifications.going.done') : t('notifications.going.action')}
      </Button>
    </div>
  );
}
