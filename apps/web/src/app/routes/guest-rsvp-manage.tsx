import { FailedAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  guestRsvpLink,
  useCancelGuestRsvp,
  useChangeGuestRsvp,
} from '../../features/guests/api/guest-rsvps.ts';
import {
  AskBeforeRemoving,
  GuestLinkFrame,
  guestManageStatus,
} from '../../features/guests/components/guest-link-frame.tsx';
import { GuestRsvpCard } from '../../features/guests/components/guest-rsvp-card.tsx';
import { useGuestLinkToken } from '../../features/guests/guest-link-token.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/** The private manage link of a guest without an account: change or cancel (decision 040). */
export function GuestRsvpManagePage() {
  const t = useT();
  const token = useGuestLinkToken() ?? '';
  const rsvp = guestRsvpLink.useOwnAnswer(token || null);
  const change = useChangeGuestRsvp(token);
  const cancel = useCancelGuestRsvp(token);
  const current = rsvp.data?.rsvp;
  const going =
    current?.status === 'going' || current?.status === 'waitlisted' || current?.status === 'offered';

  const status = guestManageStatus({
    token,
    answer: rsvp,
    ready: Boolean(current),
    removed: cancel.isSuccess
      ? { title: t('guests.manage.cancelled'), body: t('guests.manage.cancelledBody') }
      : null,
    loading: t('guests.manage.loading'),
  });
  if (status || !current)
    return <GuestLinkFrame title={t('guests.manage.pageTitle')}>{status}</GuestLinkFrame>;
  return (
    <GuestLinkFrame title={t('guests.manage.pageTitle')}>
      <div className="space-y-5">
        <h1 className="font-display text-2xl font-semibold">{t('guests.manage.title')}</h1>
        <GuestRsvpCard rsvp={current} />
        <FailedAlert failed={change} fallback={t('guests.manage.changeFailed')} />
        <FailedAlert failed={cancel} fallback={t('guests.manage.cancelFailed')} />
        <div className="grid gap-2 sm:grid-cols-3">
          {(
            [
              ['going', t('guests.going'), going],
              ['maybe', t('guests.maybe'), current.status === 'maybe'],
              ['not_going', t('guests.notGoing'), current.status === 'not_going'],
            ] as const
          ).map(([choice, label, chosen]) => (
            <Button
              key={choice}
              variant={chosen ? 'primary' : 'secondary'}
              disabled={change.isPending || chosen}
              onClick={() => change.mutate({ status: choice })}
            >
              {label}
            </Button>
          ))}
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
    </GuestLinkFrame>
  );
}
