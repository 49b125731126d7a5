import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  guestRsvpLink,
  useCancelGuestRsvp,
  useChangeGuestRsvp,
} from '../../features/guests/api/guest-rsvps.ts';
import { GuestLinkFailed } from '../../features/guests/components/guest-link-failed.tsx';
import {
  AskBeforeRemoving,
  GuestLinkDone,
  GuestLinkFrame,
  GuestLinkWaiting,
} from '../../features/guests/components/guest-link-frame.tsx';
import { GuestRsvpCard } from '../../features/guests/components/guest-rsvp-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/** The private manage link of a guest without an account: change or cancel (decision 040). */
export function GuestRsvpManagePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const rsvp = guestRsvpLink.useOwnAnswer(token || null);
  const change = useChangeGuestRsvp(token);
  const cancel = useCancelGuestRsvp(token);
  const current = rsvp.data?.rsvp;
  const going =
    current?.status === 'going' || current?.status === 'waitlisted' || current?.status === 'offered';

  let body: React.ReactNode;
  if (cancel.isSuccess)
    body = <GuestLinkDone title={t('guests.manage.cancelled')} body={t('guests.manage.cancelledBody')} />;
  else if (!token || rsvp.isError) body = <GuestLinkFailed token={token || null} error={rsvp.error} />;
  else if (!current) body = <GuestLinkWaiting text={t('guests.manage.loading')} />;
  else
    body = (
      <div className="space-y-5">
        <h1 className="font-display text-2xl font-semibold">{t('guests.manage.title')}</h1>
        <GuestRsvpCard rsvp={current} />
        {change.isError ? (
          <Alert variant="error">{errorMessage(change.error, t('guests.manage.changeFailed'))}</Alert>
        ) : null}
        {cancel.isError ? (
          <Alert variant="error">{errorMessage(cancel.error, t('guests.manage.cancelFailed'))}</Alert>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-3">
          <Button
            variant={going ? 'primary' : 'secondary'}
            disabled={change.isPending || going}
            onClick={() => change.mutate({ status: 'going' })}
          >
            {t('guests.going')}
          </Button>
          <Button
            variant={current.status === 'maybe' ? 'primary' : 'secondary'}
            disabled={change.isPending || current.status === 'maybe'}
            onClick={() => change.mutate({ status: 'maybe' })}
          >
            {t('guests.maybe')}
          </Button>
          <Button
            variant={current.status === 'not_going' ? 'primary' : 'secondary'}
            disabled={change.isPending || current.status === 'not_going'}
            onClick={() => change.mutate({ status: 'not_going' })}
          >
            {t('guests.notGoing')}
          </Button>
        </div>
        <AskBeforeRemoving
          className="w-full"
          label={t('guests.manage.cancel')}
          ask={t('guests.manage.cancelAsk')}
          yes={t('guests.manage.cancelYes')}
          pending={cancel.isPending}
          onRemove={() => cancel.mutate()}
        />
      </div>
    );

  return <GuestLinkFrame title={t('guests.manage.pageTitle')}>{body}</GuestLinkFrame>;
}
