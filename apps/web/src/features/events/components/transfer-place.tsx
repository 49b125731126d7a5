import { useId, useState } from 'react';
import { FailedAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useFriends } from '../../../lib/api/get-friends.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useTransferPlace } from '../api/capacity.ts';

const selectClassName =
  'block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-base text-stone-900 sm:text-sm';

/** Hands my place (not my guests') to a friend, when the host allows transfers. */
export function TransferPlace({ eventId, viewerId }: { eventId: string; viewerId: string }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const friends = useFriends({ enabled: open });
  const transfer = useTransferPlace(eventId, viewerId);
  if (!open)
    return (
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        {t('events.transfer.open')}
      </Button>
    );
  return (
    <form
      className="space-y-2 border-t border-stone-100 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (to) transfer.mutate(to);
      }}
    >
      <Label htmlFor={id}>{t('events.transfer.to')}</Label>
      <select id={id} className={selectClassName} value={to} onChange={(e) => setTo(e.target.value)}>
        <option value="">{t('events.transfer.choose')}</option>
        {(friends.data ?? []).map((f) => (
          <option key={f.id} value={f.id}>
            {f.fullName}
            {f.username ? ` (@${f.username})` : ''}
          </option>
        ))}
      </select>
      <div className="flex gap-2">
        <Button size="sm" type="submit" disabled={!to || transfer.isPending}>
          {t('events.transfer.submit')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
          {t('events.transfer.cancel')}
        </Button>
      </div>
      <FailedAlert failed={transfer} fallback={t('events.transfer.failed')} />
    </form>
  );
}
