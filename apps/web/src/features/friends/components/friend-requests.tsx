import type { FriendUser } from '@townsquare/contracts';
import { Check, Inbox, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { LoadingSkeletons } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useAcceptFriendRequest } from '../api/accept-friend-request.ts';
import { useCancelFriendRequest } from '../api/cancel-friend-request.ts';
import { useDeclineFriendRequest } from '../api/decline-friend-request.ts';
import { useFriendRequests } from '../api/get-friend-requests.ts';
import { PersonRow } from './person-row.tsx';

/** Requests others sent (Accept, Decline) and the ones the user sent (Cancel). */
export function FriendRequests() {
  const requests = useFriendRequests();
  const t = useT();

  if (requests.isPending) {
    return (
      <LoadingSkeletons
        className="space-y-3"
        label={t('friends.requests.loading')}
        count={2}
        barClassName="h-16"
      />
    );
  }
  if (requests.isError) {
    return <Alert variant="error" title={errorMessage(requests.error, t('friends.requests.loadFailed'))} />;
  }
  const { received, sent } = requests.data;
  return (
    <div className="space-y-8">
      <RequestList
        id="received-requests-heading"
        title={t('friends.requests.received')}
        people={received}
        empty={
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <Inbox className="size-4" aria-hidden="true" />
            {t('friends.requests.none')}
          </p>
        }
        actions={(person) => <ReceivedActions person={person} />}
      />
      <RequestList
        id="sent-requests-heading"
        title={t('friends.requests.sent')}
        people={sent}
        empty={<p className="text-sm text-stone-600">{t('friends.requests.noneSent')}</p>}
        actions={(person) => <CancelAction person={person} />}
      />
    </div>
  );
}

/** One side of the requests (received or sent): its heading, then a row per person, or `empty`. */
function RequestList({
  id,
  title,
  people,
  empty,
  actions,
}: {
  id: string;
  title: string;
  people: FriendUser[];
  empty: ReactNode;
  actions: (person: FriendUser) => ReactNode;
}) {
  return (
    <HeadedSection id={id} title={title} className="space-y-3">
      {people.length === 0 ? (
        empty
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {people.map((person) => (
            <PersonRow key={person.id} person={person} actions={actions(person)} />
          ))}
        </ul>
      )}
    </HeadedSection>
  );
}

function ReceivedActions({ person }: { person: FriendUser }) {
  const name = person.username;
  const t = useT();
  const accept = useAcceptFriendRequest({
    onSuccess: () => toast.success(t('friends.requests.accepted', { name })),
    onError: () => toast.error(t('users.friend.acceptFailed')),
  });
  const decline = useDeclineFriendRequest({
    onSuccess: () => toast.success(t('friends.requests.declined', { name })),
    onError: () => toast.error(t('users.friend.declineFailed')),
  });
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <Button size="sm" loading={accept.isPending} disabled={busy} onClick={() => accept.mutate(person.id)}>
        {accept.isPending ? null : <Check aria-hidden="true" />}
        {t('users.friend.accept')} <span className="sr-only">{person.username}</span>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        loading={decline.isPending}
        disabled={busy}
        onClick={() => decline.mutate(person.id)}
      >
        {decline.isPending ? null : <X aria-hidden="true" />}
        {t('users.friend.decline')} <span className="sr-only">{person.username}</span>
      </Button>
    </>
  );
}

function CancelAction({ person }: { person: FriendUser }) {
  const cancel = useCancelFriendRequest();
  const t = useT();
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={cancel.isPending}
      onClick={() =>
        cancel.mutate(person.id, {
          onError: (error) => toast.error(errorMessage(error, t('friends.requests.cancelFailed'))),
        })
      }
    >
      {t.rich('friends.requests.cancel', {
        name: person.username,
        hidden: (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>,
      })}
    </Button>
  );
}
