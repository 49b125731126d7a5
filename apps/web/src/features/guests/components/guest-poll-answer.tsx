import type { Poll, VoteChoice } from '@townsquare/contracts';
import { type FormEvent, useState } from 'react';
import { Alert, FailedAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { MailSent } from '../../../components/ui/mail-sent.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { PollView } from '../../polls/components/poll-view.tsx';
import { guestVoteLink } from '../api/guest-votes.ts';
import { type GuestContact, GuestContactFields } from './guest-contact-fields.tsx';

/**
 * A signed-out visitor on a date poll that takes votes without an account (decision 056): they
 * pick their answers on the dates, then send them with a name and an e-mail; they count once the
 * mailed link is followed ("check your e-mail").
 */
export function GuestPollAnswer({ poll }: { poll: Poll }) {
  const t = useT();
  const open = poll.state === 'open';
  const form = guestVoteLink.useFormToken(poll.id);
  const ask = guestVoteLink.useAnswer(poll.id);
  const [votes, setVotes] = useState<Record<string, VoteChoice>>({});
  const [contact, setContact] = useState<GuestContact>({ name: '', email: '', website: '' });
  const [missing, setMissing] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (Object.keys(votes).length === 0) return setMissing(true);
    if (!form.data) return;
    setMissing(false);
    ask.mutate({ ...contact, votes, formToken: form.data.formToken });
  };

  const sendForm = ask.isSuccess ? (
    <Card className="p-5">
      <MailSent className="space-y-3" title={t('guests.form.sent')}>
        <p className="text-sm text-stone-700">{t('guests.votes.sentBody', { email: contact.email })}</p>
      </MailSent>
    </Card>
  ) : open ? (
    <Card className="p-5">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="guest-votes-title">
        <h2 id="guest-votes-title" className="text-lg font-semibold">
          {t('guests.votes.title')}
        </h2>
        <p className="text-sm text-stone-700">{t('guests.votes.lead')}</p>
        {missing ? <Alert variant="error">{t('guests.votes.pickOne')}</Alert> : null}
        <FailedAlert failed={ask} fallback={t('guests.votes.sendFailed')} />
        <FailedAlert failed={form} fallback={t('guests.form.loadFailed')} />
        <fieldset disabled={ask.isPending} className="space-y-4">
          <GuestContactFields value={contact} onChange={setContact} emailHint={t('guests.votes.emailHint')} />
        </fieldset>
        <Button type="submit" className="w-full" loading={ask.isPending} disabled={!form.data}>
          {ask.isPending ? t('guests.form.sending') : t('guests.votes.send')}
        </Button>
      </form>
    </Card>
  ) : null;

  return (
    <PollView
      poll={poll}
      answering={{
        votes,
        choose: (optionId, choice) => setVotes((v) => ({ ...v, [optionId]: choice })),
        busy: ask.isPending || ask.isSuccess,
      }}
    >
      {sendForm}
    </PollView>
  );
}
