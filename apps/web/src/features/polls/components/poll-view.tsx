import type { Poll, PollOption, VoteChoice } from '@townsquare/contracts';
import { CalendarCheck, Check, Minus, Star, X } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatLongDate, formatShortDateTime, formatTimeRange } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { pollFormValues } from '../../events/event-form.ts';
import { finalizePoll } from '../api/finalize-poll.ts';
import { useMorePollVoters } from '../api/more-poll-voters.ts';
import { useUpdatePoll } from '../api/update-poll.ts';
import { useVotePoll } from '../api/vote-poll.ts';
import { GuestVotesSwitch } from './guest-votes-switch.tsx';

const NewEventDialog = lazy(() =>
  import('../../events/components/new-event-dialog.tsx').then((m) => ({ default: m.NewEventDialog })),
);

/**
 * "Make this the event" (decision 082): the event form, filled from the poll and the kept date,
 * hosted by the poll's community; the host finishes it and saving finalises the poll.
 */
function MakeEventDialog({ poll, option, onClose }: { poll: Poll; option: PollOption; onClose: () => void }) {
  const copyOf = useMemo(() => pollFormValues(poll, option), [poll, option]);
  return (
    <Suspense fallback={null}>
      <NewEventDialog
        copyOf={copyOf}
        hostAsDefault={poll.community?.id ?? null}
        fromPoll={{ save: (event) => finalizePoll(poll.id, { optionId: option.id, event }) }}
        onClose={onClose}
      />
    </Suspense>
  );
}

const CHOICES: { value: VoteChoice; label: string; icon: typeof Check; on: string }[] = [
  {
    value: 'yes',
    label: 'polls.choice.yes',
    icon: Check,
    on: 'border-emerald-700 bg-emerald-700 text-white',
  },
  {
    value: 'if_need_be',
    label: 'polls.choice.ifNeedBe',
    icon: Minus,
    on: 'border-amber-600 bg-amber-100 text-amber-950',
  },
  { value: 'no', label: 'polls.choice.no', icon: X, on: 'border-stone-700 bg-stone-700 text-white' },
];
const LABEL: Record<VoteChoice, string> = {
  yes: 'polls.choice.yes',
  if_need_be: 'polls.choice.ifNeedBe',
  no: 'polls.choice.no',
};

/** The viewer's own answers, by date id. */
export function myVotes(poll: Poll, viewerId?: string): Record<string, VoteChoice> {
  const mine = poll.mine ?? (viewerId ? poll.voters.find((v) => v.user.id === viewerId) : undefined);
  const votes: Record<string, VoteChoice> = {};
  poll.options.forEach((o, i) => {
    const choice = mine?.choices[i];
    if (choice) votes[o.id] = choice;
  });
  return votes;
}

/**
 * One date per row with its counts and, while the poll is open, the three answers as large
 * buttons (a 375 px phone shows them side by side under the date). The host keeps a date here.
 */
function OptionRow({
  poll,
  option,
  mine,
  onChoose,
  busy,
  hostAction,
}: {
  poll: Poll;
  option: PollOption;
  mine: VoteChoice | undefined;
  onChoose: (choice: VoteChoice) => void;
  busy: boolean;
  hostAction: React.ReactNode;
}) {
  const t = useT();
  const open = poll.state === 'open';
  const chosen = poll.chosenOptionId === option.id;
  const when = formatTimeRange(option.startsAt, option.endsAt, poll.timeZone);
  return (
    <li
      className={cn('rounded-2xl border p-4', chosen ? 'border-brand-700 bg-brand-50' : 'border-stone-200')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{when}</p>
          {option.place ? <p className="text-sm text-stone-700">{option.place}</p> : null}
          <p className="mt-1 text-sm text-stone-700">
            {t('polls.view.counts', { yes: option.yes, ifNeedBe: option.ifNeedBe, no: option.no })}
          </p>
        </div>
        <div className="flex gap-1.5">
          {option.best ? (
            <Badge tone="brand">
              <Star className="size-3.5" aria-hidden="true" /> {t('polls.view.best')}
            </Badge>
          ) : null}
          {chosen ? <Badge tone="emerald">{t('polls.view.chosen')}</Badge> : null}
        </div>
      </div>
      {open ? (
        <fieldset className="mt-3">
          <legend className="sr-only">{t('polls.view.yourAnswer', { when })}</legend>
          <div className="grid grid-cols-3 gap-2">
            {CHOICES.map(({ value, label, icon: Icon, on }) => (
              <button
                key={value}
                type="button"
                aria-pressed={mine === value}
                disabled={busy}
                onClick={() => onChoose(value)}
                className={cn(
                  'flex min-h-12 items-center justify-center gap-1.5 rounded-xl border-2 px-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60',
                  mine === value ? on : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {t(label)}
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      {hostAction}
    </li>
  );
}

/**
 * Who answered what: voters down, dates across (scrolls sideways inside its box on a phone). The
 * poll brings the first page; "Show more answers" reads the next one (decision 047).
 */
function VotersTable({ poll }: { poll: Poll }) {
  const t = useT();
  const more = useMorePollVoters(poll.id);
  if (poll.voters.length === 0) return <p className="text-sm text-stone-700">{t('polls.view.nobody')}</p>;
  const next = poll.votersNext;
  return (
    <>
      {/* A table wider than a phone scrolls inside its box; keyboard users scroll it once it has focus. */}
      <section
        className="overflow-x-auto rounded-xl border border-stone-200"
        aria-label={t('polls.view.answers')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
      >
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">{t('polls.view.whoAnswered')}</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('polls.view.person')}
              </th>
              {poll.options.map((o) => (
                <th key={o.id} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {formatShortDateTime(o.startsAt, poll.timeZone)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {poll.voters.map((v) => (
              <tr key={v.user.id} className="border-t border-stone-100">
                <th scope="row" className="px-3 py-2 font-medium">
                  {v.guest ? v.user.fullName : v.user.username || v.user.fullName}
                  {v.guest ? <Badge className="ml-2">{t('polls.view.guest')}</Badge> : null}
                </th>
                {v.choices.map((c, i) => (
                  <td key={poll.options[i]?.id ?? i} className="px-3 py-2">
                    {c ? t(LABEL[c]) : '–'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {next ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-stone-700">
            {t('polls.view.showing', { shown: poll.voters.length, count: poll.voterCount })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            loading={more.isPending}
            onClick={() =>
              more.mutate(next, {
                onError: (err) => toast.error(errorMessage(err, t('polls.view.moreFailed'))),
              })
            }
          >
            {t('polls.view.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * Answering for someone other than a signed-in member (decision 056): a visitor's choices kept
 * in the page until the guest form sends them, or a guest's saved from their manage link.
 */
export type PollAnswering = {
  votes: Record<string, VoteChoice>;
  choose: (optionId: string, choice: VoteChoice) => void;
  busy: boolean;
};

/**
 * A date poll's page body: the dates, the viewer's answers, who answered what, and the host's
 * choice. `answering` replaces the member's vote (a guest's); `children` come after the dates.
 */
export function PollView({
  poll,
  viewerId,
  answering,
  children,
}: {
  poll: Poll;
  viewerId?: string;
  answering?: PollAnswering;
  children?: React.ReactNode;
}) {
  const t = useT();
  const vote = useVotePoll(poll.id);
  const update = useUpdatePoll(poll.id);
  const [keeping, setKeeping] = useState<PollOption | null>(null);
  const votes = answering?.votes ?? myVotes(poll, viewerId);

  function choose(optionId: string, choice: VoteChoice) {
    if (answering) return answering.choose(optionId, choice);
    vote.mutate(
      { ...votes, [optionId]: choice },
      { onError: (err) => toast.error(errorMessage(err, t('polls.view.saveFailed'))) },
    );
  }

  function allowGuests(allowGuestVotes: boolean) {
    update.mutate(
      { allowGuestVotes },
      { onError: (err) => toast.error(errorMessage(err, t('polls.guests.switchFailed'))) },
    );
  }

  const hostCanKeep = poll.isHost && poll.state !== 'finalized';
  return (
    <div className="space-y-6">
      {poll.state === 'finalized' ? (
        <Card className="flex flex-wrap items-center gap-3 border-brand-200 bg-brand-50 p-5">
          <CalendarCheck className="size-6 text-brand-800" aria-hidden="true" />
          <p className="font-semibold text-brand-900">{t('polls.view.dateSet')}</p>
          {poll.eventId ? (
            <Link to={`/event/${poll.eventId}`} className="font-semibold text-brand-800 underline">
              {t('polls.view.seeEvent')}
            </Link>
          ) : null}
        </Card>
      ) : (
        <p className="text-sm text-stone-700">
          {t(poll.state === 'open' ? 'polls.view.closes' : 'polls.view.closed', {
            date: formatLongDate(poll.closesAt),
          })}
        </p>
      )}
      {hostCanKeep && !poll.community ? (
        <GuestVotesSwitch
          id="poll-allow-guests"
          checked={poll.allowGuestVotes}
          disabled={update.isPending}
          onChange={allowGuests}
        />
      ) : null}
      {hostCanKeep ? <p className="text-sm text-stone-700">{t('polls.view.keepHint')}</p> : null}
      {keeping ? <MakeEventDialog poll={poll} option={keeping} onClose={() => setKeeping(null)} /> : null}
      <ol className="space-y-3" aria-label={t('polls.view.proposed')}>
        {poll.options.map((option) => (
          <OptionRow
            key={option.id}
            poll={poll}
            option={option}
            mine={votes[option.id]}
            busy={answering?.busy ?? vote.isPending}
            onChoose={(choice) => choose(option.id, choice)}
            hostAction={
              hostCanKeep ? (
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => setKeeping(option)}>
                  <CalendarCheck aria-hidden="true" />
                  {t('polls.view.keep')}
                </Button>
              ) : null
            }
          />
        ))}
      </ol>
      {children}
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">
          {t('polls.view.whoAnswered')}
          {poll.voterCount > 0 ? (
            <span className="ml-2 text-sm font-normal text-stone-700">
              {t('polls.view.people', { count: poll.voterCount })}
            </span>
          ) : null}
        </h2>
        <VotersTable poll={poll} />
      </section>
    </div>
  );
}
