import { Check } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRsvpGoing } from '../api/rsvp-going.ts';
import type { AppNotification } from '../types.ts';

/** "I'm going" under a `poll_finalized` notification: answers the new event in one tap. */
export function GoingButton({ notification }: { notification: AppNotification }) {
  const going = useRsvpGoing();
  if (notification.kind !== 'poll_finalized' || notification.subject.type !== 'event') return null;
  return (
    <div className="px-4 pb-3 pl-16">
      <Button
        size="sm"
        loading={going.isPending}
        disabled={going.isSuccess}
        onClick={() =>
          going.mutate(notification.subject.id, {
            onSuccess: () => toast.success("You're going"),
            onError: (err) => toast.error(errorMessage(err, 'Could not answer')),
          })
        }
      >
        <Check aria-hidden="true" />
        {going.isSuccess ? "You're going" : "I'm going"}
      </Button>
    </div>
  );
}
