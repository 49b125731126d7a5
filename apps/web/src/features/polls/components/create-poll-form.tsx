import { POLL_LIMITS } from '@townsquare/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { HostSelect } from '../../../components/host-select.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCreatePoll } from '../api/create-poll.ts';
import { GuestVotesSwitch } from './guest-votes-switch.tsx';

type Draft = { key: number; startsAt: string; endsAt: string; place: string };

/** A `datetime-local` value (the browser's wall clock) as an instant. */
const instant = (local: string) => (local ? new Date(local).toISOString() : '');

let nextKey = 0;
const emptyOption = (): Draft => ({ key: nextKey++, startsAt: '', endsAt: '', place: '' });

/**
 * "Find a date": a title, what it is about, the community it is for (organisers only), when
 * answers close, and 2 to 10 dates, each a start, an end and optionally a place.
 */
export function CreatePollForm({
  hosts,
  communityId,
}: {
  hosts: { id: string; name: string }[];
  communityId?: string;
}) {
  const t = useT();
  const [options, setOptions] = useState<Draft[]>(() => [emptyOption(), emptyOption(), emptyOption()]);
  const [error, setError] = useState<string>();
  const [community, setCommunity] = useState(communityId ?? '');
  const [guests, setGuests] = useState(false);
  const create = useCreatePoll();
  const navigate = useNavigate();

  const change = (key: number, field: keyof Omit<Draft, 'key'>, value: string) =>
    setOptions((list) => list.map((o) => (o.key === key ? { ...o, [field]: value } : o)));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '').trim();
    setError(undefined);
    const filled = options.filter((o) => o.startsAt || o.endsAt);
    create.mutate(
      {
        title: text('title'),
        description: text('description'),
        ...(community ? { communityId: community } : { allowGuestVotes: guests }),
        closesAt: instant(text('closesAt')),
        timeZone: browserTimeZone(),
        options: filled.map((o) => ({
          startsAt: instant(o.startsAt),
          endsAt: instant(o.endsAt),
          ...(o.place.trim() ? { place: o.place.trim() } : {}),
        })),
      },
      {
        onSuccess: (poll) => {
          toast.success(t('polls.create.ready'));
          navigate(`/polls/${poll.id}`);
        },
        onError: (err) => setError(errorMessage(err, t('polls.create.failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="poll-title" label={t('polls.create.title')}>
        {(control) => <Input {...control} name="title" maxLength={POLL_LIMITS.titleMax} required />}
      </FormField>
      <FormField id="poll-description" label={t('polls.create.description')} optional>
        {(control) => (
          <Textarea {...control} name="description" rows={3} maxLength={POLL_LIMITS.descriptionMax} />
        )}
      </FormField>
      {hosts.length > 0 ? (
        <FormField
          id="poll-community"
          label={t('polls.create.community')}
          optional
          hint={t('polls.create.communityHint')}
        >
          {(control) => (
            <HostSelect
              {...control}
              name="communityId"
              hosts={hosts}
              none={t('polls.create.anyone')}
              value={community}
              onValueChange={setCommunity}
            />
          )}
        </FormField>
      ) : null}
      {community ? null : <GuestVotesSwitch id="poll-guest-votes" checked={guests} onChange={setGuests} />}
      <FormField id="poll-closes" label={t('polls.create.closes')}>
        {(control) => <Input {...control} type="datetime-local" name="closesAt" required />}
      </FormField>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">{t('polls.create.dates')}</legend>
        {options.map((o, i) => (
          <div key={o.key} className="space-y-3 rounded-2xl border border-stone-200 p-4">
            <div className="flex items-center justify-between">
              <p className="font-semibold">{t('polls.create.date', { n: i + 1 })}</p>
              {options.length > POLL_LIMITS.optionsMin ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setOptions((list) => list.filter((x) => x.key !== o.key))}
                >
                  <Trash2 aria-hidden="true" />
                  {t('polls.create.removeDate', { n: i + 1 })}
                </Button>
              ) : null}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <InputField
                id={`option-${o.key}-start`}
                label={t('polls.create.starts')}
                type="datetime-local"
                value={o.startsAt}
                onValueChange={(v) => change(o.key, 'startsAt', v)}
              />
              <InputField
                id={`option-${o.key}-end`}
                label={t('polls.create.ends')}
                type="datetime-local"
                value={o.endsAt}
                onValueChange={(v) => change(o.key, 'endsAt', v)}
              />
            </div>
            <InputField
              id={`option-${o.key}-place`}
              label={t('polls.create.place')}
              optional
              value={o.place}
              maxLength={POLL_LIMITS.placeMax}
              onValueChange={(v) => change(o.key, 'place', v)}
            />
          </div>
        ))}
        {options.length < POLL_LIMITS.optionsMax ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => setOptions((list) => [...list, emptyOption()])}
          >
            <Plus aria-hidden="true" />
            {t('polls.create.addDate')}
          </Button>
        ) : null}
      </fieldset>
      <Button type="submit" loading={create.isPending}>
        {create.isPending ? t('polls.create.starting') : t('polls.create.start')}
      </Button>
    </form>
  );
}
