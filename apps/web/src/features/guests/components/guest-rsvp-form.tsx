import type { EventQuestionDto } from '@townsquare/contracts';
import { type FormEvent, useState } from 'react';
import { FailedAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MailSent } from '../../../components/ui/mail-sent.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { guestRsvpLink } from '../api/guest-rsvps.ts';
import { type GuestContact, GuestContactFields } from './guest-contact-fields.tsx';

/**
 * "I'm going" for a signed-out visitor, on a public event that allows answers without an account
 * (decision 040): name, e-mail (and the hidden honeypot) and the event's questions, then "check
 * your e-mail".
 */
export function GuestRsvpForm({ eventId, questions }: { eventId: string; questions: EventQuestionDto[] }) {
  const t = useT();
  const form = guestRsvpLink.useFormToken(eventId);
  const ask = guestRsvpLink.useAnswer(eventId);
  const [contact, setContact] = useState<GuestContact>({ name: '', email: '', website: '' });
  const [answers, setAnswers] = useState<Record<string, string>>({});

  if (ask.isSuccess)
    return (
      <MailSent className="space-y-3" title={t('guests.form.sent')}>
        <p className="text-sm text-stone-700">{t('guests.form.sentBody', { email: contact.email })}</p>
      </MailSent>
    );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.data) return;
    ask.mutate({ ...contact, status: 'going', answers, formToken: form.data.formToken });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">{t('guests.form.title')}</h2>
      <p className="text-sm text-stone-700">{t('guests.form.lead')}</p>
      <FailedAlert failed={ask} fallback={t('guests.form.sendFailed')} />
      <FailedAlert failed={form} fallback={t('guests.form.loadFailed')} />
      <fieldset disabled={ask.isPending} className="space-y-4">
        <GuestContactFields value={contact} onChange={setContact} emailHint={t('guests.form.emailHint')} />
        {questions.map((q) => (
          <FormField key={q.id} id={`guest-q-${q.id}`} label={q.text} optional={!q.required}>
            {(field) => (
              <Input
                {...field}
                value={answers[q.id] ?? ''}
                maxLength={500}
                onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })}
              />
            )}
          </FormField>
        ))}
      </fieldset>
      <Button type="submit" className="w-full" loading={ask.isPending} disabled={!form.data}>
        {ask.isPending ? t('guests.form.sending') : t('guests.going')}
      </Button>
    </form>
  );
}
