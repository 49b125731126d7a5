import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  useCancelGuestRsvp,
  useChangeGuestRsvp,
  useGuestRsvp,
} from '../../features/guests/api/guest-rsvps.ts';
import { GuestLinkFailed } from '../../features/guests/components/guest-link-failed.tsx';
import { GuestLinkFrame, GuestLinkWaiting } from '../../features/guests/components/guest-link-frame.tsx';
import { GuestRsvpCard } from '../../features/guests/components/guest-rsvp-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/** The private manage link of a guest without an account: change or cancel (decision 040). */
export function GuestRsvpManagePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const rsvp = useGuestRsvp(token || null);
  const change = useChangeGuestRsvp(token);
  const cancel = useCancelGuestRsvp(token);
  const [asking, setAsking] = useState(false);
  const current = rsvp.data?.rsvp;
  const going =
    current?.status === 'going' || current?.status === 'waitlisted' || current?.status === 'offered';

  let body: React.ReactNode;
  if (cancel.isSuccess)
    body = (
      <div className="space-y-4">
        <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
        <div role="status">
          <h1 className="font-display text-2xl font-semibold">{t('guests.manage.cancelled')}</h1>
        </div>
        <p className="text-stone-700">{t('guests.manage.cancelledBody')}</p>
      </div>
    );
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
        {asking ? (
          <div className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
            <p className="text-sm text-red-900">{t('guests.manage.cancelAsk')}</p>
            <div className="flex gap-2">
              <Button variant="destructive" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                {t('guests.manage.cancelYes')}
              </Button>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                {t('guests.manage.keep')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="ghost" className="w-full" onClick={() => setAsking(true)}>
            {t('guests.manage.cancel')}
          </Button>
        )}
      </div>
    );

  return <GuestLinkFrame title={t('guests.manage.pageTitle')}>{body}</GuestLinkFrame>;
}
