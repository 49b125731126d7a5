import { SIGNUP_LIMITS, type SignupItem } from '@townsquare/contracts';
import { ClipboardList, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatTime, inTimeZone } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { joinRoom } from '../../../lib/socket.ts';
import { useAddSignup } from '../api/add-signup.ts';
import { useClaimSignup } from '../api/claim-signup.ts';
import { useDeleteSignup } from '../api/delete-signup.ts';
import { useSignups } from '../api/get-signups.ts';

/** "Chairs × 10" or "Set-up crew 6:00 PM – 7:00 PM × 3", in the event's zone. */
function itemTitle(item: SignupItem, timeZone: string): string {
  const times =
    item.kind === 'slot' && item.startsAt && item.endsAt
      ? ` ${formatTime(inTimeZone(item.startsAt, timeZone))} – ${formatTime(inTimeZone(item.endsAt, timeZone))}`
      : '';
  return `${item.name}${times} × ${item.quantity}`;
}

function ItemRow({
  item,
  eventId,
  viewerId,
  timeZone,
  canClaim,
  isHost,
}: {
  item: SignupItem;
  eventId: string;
  viewerId: string;
  timeZone: string;
  canClaim: boolean;
  isHost: boolean;
}) {
  const t = useT();
  const claim = useClaimSignup(eventId);
  const remove = useDeleteSignup(eventId);
  const mine = item.claims.find((c) => c.user.id === viewerId)?.quantity ?? 0;
  const left = item.quantity - item.claimed;
  // What is typed, kept as typed; clamped to what is left when it is sent.
  const [amount, setAmount] = useState('1');
  const wanted = Math.max(1, Math.min(left, Math.floor(Number(amount)) || 1));
  const title = itemTitle(item, timeZone);
  const set = (quantity: number) =>
    claim.mutate(
      { itemId: item.id, quantity },
      { onError: (err) => toast.error(errorMessage(err, t('events.signups.failed'))) },
    );
  return (
    <li className="space-y-2 rounded-2xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{title}</p>
          {item.note ? <p className="text-sm text-stone-700">{item.note}</p> : null}
          <p className="text-sm text-stone-700">
            {left > 0
              ? t('events.signups.needed', { left, total: item.quantity })
              : t('events.signups.allTaken')}
          </p>
        </div>
        {isHost ? (
          <Button
            variant="ghost"
            size="sm"
            loading={remove.isPending}
            onClick={() => remove.mutate(item.id)}
            aria-label={t('events.signups.remove', { name: item.name })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {item.claims.length > 0 ? (
        <ul
          className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-800"
          aria-label={t('events.signups.signedUp', { name: item.name })}
        >
          {item.claims.map((c) => (
            <li key={c.user.id}>
              {c.user.username || c.user.fullName}
              {item.kind === 'quantity' ? ` × ${c.quantity}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {canClaim ? (
        mine > 0 ? (
          <Button variant="secondary" size="sm" loading={claim.isPending} onClick={() => set(0)}>
            {item.kind === 'slot'
              ? t('events.signups.leaveShift')
              : t('events.signups.unclaim', { count: mine })}
          </Button>
        ) : left > 0 ? (
          <div className="flex flex-wrap items-center gap-2">
            {item.kind === 'quantity' && left > 1 ? (
              <>
                <label htmlFor={`claim-${item.id}`} className="text-sm font-medium text-stone-800">
                  {t('events.signups.howMany')}
                </label>
                <input
                  id={`claim-${item.id}`}
                  type="number"
                  min={1}
                  max={left}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  className={`${inputClassName} w-20`}
                />
              </>
            ) : null}
            <Button
              size="sm"
              loading={claim.isPending}
              onClick={() => set(item.kind === 'slot' ? 1 : wanted)}
            >
              {item.kind === 'slot' ? t('events.signups.takeShift') : t('events.signups.bring')}
            </Button>
          </div>
        ) : null
      ) : null}
    </li>
  );
}

function AddItemForm({ eventId }: { eventId: string }) {
  const t = useT();
  const add = useAddSignup(eventId);
  const [kind, setKind] = useState<'quantity' | 'slot'>('quantity');
  const [error, setError] = useState<string>();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (key: string) => String(form.get(key) ?? '').trim();
    const instant = (key: string) => (text(key) ? new Date(text(key)).toISOString() : undefined);
    setError(undefined);
    add.mutate(
      {
        name: text('name'),
        ...(text('note') ? { note: text('note') } : {}),
        kind,
        quantity: Number(text('quantity')),
        ...(kind === 'slot' ? { startsAt: instant('startsAt'), endsAt: instant('endsAt') } : {}),
      },
      {
        onSuccess: () => formElement.reset(),
        onError: (err) => setError(errorMessage(err, t('events.signups.addFailed'))),
      },
    );
  }
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-2xl border border-dashed border-stone-300 p-4"
      noValidate
    >
      <p className="font-semibold">{t('events.signups.addTitle')}</p>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">{t('events.signups.kind')}</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="kind"
            checked={kind === 'quantity'}
            onChange={() => setKind('quantity')}
          />
          {t('events.signups.thing')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" checked={kind === 'slot'} onChange={() => setKind('slot')} />
          {t('events.signups.shift')}
        </label>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <FormField id={`signup-name-${eventId}`} label={t('events.signups.name')}>
          {(control) => <Input {...control} name="name" maxLength={SIGNUP_LIMITS.nameMax} required />}
        </FormField>
        <FormField
          id={`signup-quantity-${eventId}`}
          label={kind === 'slot' ? t('events.signups.people') : t('events.signups.howMany')}
        >
          {(control) => (
            <Input
              {...control}
              name="quantity"
              type="number"
              min={1}
              max={SIGNUP_LIMITS.quantityMax}
              defaultValue={1}
            />
          )}
        </FormField>
      </div>
      {kind === 'slot' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={`signup-start-${eventId}`} label={t('events.signups.from')}>
            {(control) => <Input {...control} name="startsAt" type="datetime-local" />}
          </FormField>
          <FormField id={`signup-end-${eventId}`} label={t('events.signups.to')}>
            {(control) => <Input {...control} name="endsAt" type="datetime-local" />}
          </FormField>
        </div>
      ) : null}
      <FormField id={`signup-note-${eventId}`} label={t('events.signups.note')} optional>
        {(control) => <Input {...control} name="note" maxLength={SIGNUP_LIMITS.noteMax} />}
      </FormField>
      <Button type="submit" size="sm" loading={add.isPending}>
        <Plus aria-hidden="true" />
        {t('events.signups.add')}
      </Button>
    </form>
  );
}

/**
 * The event's sign-up sheet: what to bring and which shifts to take. People going (and hosts)
 * claim; hosts add and remove items. Claims arrive live through the event's room.
 */
export function SignupSheet({
  eventId,
  viewerId,
  timeZone,
  isHost,
  going,
}: {
  eventId: string;
  viewerId: string;
  timeZone: string;
  isHost: boolean;
  going: boolean;
}) {
  const t = useT();
  const sheet = useSignups(eventId);
  const { refetch } = sheet;
  useEffect(
    () =>
      joinRoom(
        { join: 'join-event-chat', leave: 'leave-event-chat', payload: { eventId } },
        () => void refetch(),
      ),
    [eventId, refetch],
  );
  if (sheet.isPending) return <Skeleton className="h-24" />;
  const items = sheet.data ?? [];
  if (items.length === 0 && !isHost) return null;
  return (
    <section className="space-y-4" aria-labelledby={`sheet-${eventId}`}>
      <h2 id={`sheet-${eventId}`} className="flex items-center gap-2 text-lg font-semibold">
        <ClipboardList className="size-5" aria-hidden="true" />
        {t('events.signups.title')}
      </h2>
      {!going && !isHost && items.length > 0 ? (
        <p className="text-sm text-stone-700">{t('events.signups.answerGoing')}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="space-y-3">
          {items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              eventId={eventId}
              viewerId={viewerId}
              timeZone={timeZone}
              canClaim={going || isHost}
              isHost={isHost}
            />
          ))}
        </ul>
      ) : null}
      {isHost ? <AddItemForm eventId={eventId} /> : null}
    </section>
  );
}
