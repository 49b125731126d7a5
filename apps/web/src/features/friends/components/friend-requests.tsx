import type { FriendUser } from '@townsquare/contracts';
import { Check, Inbox, X } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { ACCEPT_FAILED, useAcceptFriendRequest } from '../api/accept-friend-request.ts';
import { useCancelFriendRequest } from '../api/cancel-friend-request.ts';
import { DECLINE_FAILED, useDeclineFriendRequest } from '../api/decline-friend-request.ts';
import { useFriendRequests } from '../api/get-friend-requests.ts';
import { PersonRow } from './person-row.tsx';

/** Requests others sent (Accept, Decline) and the ones the user sent (Cancel). */
export function FriendRequests() {
  const requests = useFriendRequests();

  if (requests.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading friend requests">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (requests.isError) {
    return <Alert variant="error" title={errorMessage(requests.error, 'Failed to load friend requests')} />;
  }
  const { received, sent } = requests.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="received-requests-heading" className="space-y-3">
        <h2 id="received-requests-heading" className="text-lg font-semibold">
          Received
        </h2>
        {received.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <Inbox className="size-4" aria-hidden="true" />
            No friend requests right now.
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {received.map((person) => (
              <PersonRow key={person.id} person={person} actions={<ReceivedActions person={person} />} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sent-requests-heading" className="space-y-3">
        <h2 id="sent-requests-heading" className="text-lg font-semibold">
          Sent
        </h2>
        {sent.length === 0 ? (
          <p className="text-sm text-stone-600">You have no requests waiting for an answer.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {sent.map((person) => (
              <PersonRow key={person.id} person={person} actions={<CancelAction person={person} />} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ReceivedActions({ person }: { person: FriendUser }) {
  const name = person.username;
  const accept = useAcceptFriendRequest({
    onSuccess: () => toast.success(`You and ${name} are now friends`),
    onError: () => toast.error(ACCEPT_FAILED),
  });
  const decline = useDeclineFriendRequest({
    onSuccess: () => toast.success(`Declined ${name}'s friend request`),
    onError: () => toast.error(DECLINE_FAILED),
  });
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <Button size="sm" loading={accept.isPending} disabled={busy} onClick={() => accept.mutate(person.id)}>
        {accept.isPending ? null : <Check aria-hidden="true" />}
        Accept <span className="sr-only">{person.username}</span>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        loading={decline.isPending}
        disabled={busy}
        onClick={() => decline.mutate(person.id)}
      >
        {decline.isPending ? null : <X aria-hidden="true" />}
        Decline <span className="sr-only">{person.username}</span>
      </Button>
    </>
  );
}

function CancelAction({ person }: { person: FriendUser }) {
  const cancel = useCancelFriendRequest();
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={cancel.isPending}
      onClick={() =>
        cancel.mutate(person.id, {
          onError: (error) => toast.error(errorMessage(error, 'Failed to cancel friend request')),
        })
      }
    >
      Cancel request <span className="sr-only">to {person.username}</span>
    </Button>
  );
}
