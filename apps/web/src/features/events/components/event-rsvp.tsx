import type { PublicEventDto, RsvpStatus } from '@townsquare/contracts';
import { CircleCheck, CircleHelp, CircleX, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Alert, FailedAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { partyTooBig, placesText, rsvpSummary } from '../../../lib/capacity-texts.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useRsvpEvent } from '../api/rsvp-event.ts';
import { EventTicket } from './event-ticket.tsx';
import { TransferPlace } from './transfer-place.tsx';

type RsvpEvent = Pick<
  PublicEventDto,
  | 'id'
  | 'myRsvp'
  | 'capacity'
  | 'placesLeft'
  | 'waitlistCount'
  | 'maxGuests'
  | 'questions'
  | 'viewerRsvp'
  | 'allowTransfers'
>;

interface EventRsvpProps {
  event: RsvpEvent;
  viewerId: string;
}

/** Re-renders every 30 s, so an offer's countdown stays current. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Going / Maybe / Not going for a signed-in visitor who did not create the event; with a
 * capacity, the place in line or the offer to accept; guests and the host's questions; the
 * ticket once going.
 */
export function EventRsvp({ event, viewerId }: EventRsvpProps) {
  const headingId = useId();
  const formId = useId();
  const t = useT();
  const rsvp = useRsvpEvent(event.id, viewerId);
  const mine = event.viewerRsvp ?? null;
  const status = mine?.status ?? event.myRsvp ?? null;
  const now = useNow(status === 'offered');
  const [guests, setGuests] = useState<string[]>(() => mine?.guests ?? []);
  const [answers, setAnswers] = useState<Record<string, string>>(() => mine?.answers ?? {});
  const maxGuests = event.maxGuests ?? 0;
  const questions = event.questions ?? [];
  const full = event.capacity != null && (event.placesLeft ?? 0) < 1 + guests.length;
  const places = placesText(event);
  const tooBig =
    event.capacity != null && status !== 'going' && status !== 'offered'
      ? partyTooBig(event.placesLeft, guests.length)
      : null;
  const pending = typeof rsvp.variables === 'string' ? rsvp.variables : rsvp.variables?.status;

  const send = (next: RsvpStatus) =>
    rsvp.mutate(
      questions.length > 0 || maxGuests > 0
        ? {
            status: next,
            guests: maxGuests > 0 ? guests.map((g) => g.trim()) : undefined,
            answers: questions.length > 0 ? answers : undefined,
          }
        : next,
    );

  const choices: Array<{ status: RsvpStatus; label: string; icon: typeof CircleCheck }> = [
    {
      status: 'going',
      label:
        status === 'going'
          ? t('events.rsvp.going')
          : full && status !== 'offered'
            ? t('events.rsvp.joinWaitlist')
            : t('events.rsvp.going'),
      icon: CircleCheck,
    },
    { status: 'maybe', label: t('events.rsvp.maybe'), icon: CircleHelp },
    { status: 'not_going', label: t('events.rsvp.notGoing'), icon: CircleX },
  ];

  return (
    <HeadedSection id={headingId} title={t('events.rsvp.question')} className="space-y-4">
      {places ? <p className="text-sm font-medium text-stone-800">{places}</p> : null}

      {status === 'offered' ? (
        <Alert variant="info" title={t('events.rsvp.placeFree')}>
          <span className="block">{rsvpSummary(mine, now)}</span>
          <span className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" disabled={rsvp.isPending} onClick={() => send('going')}>
              {t('events.rsvp.accept')}
            </Button>
            <Button size="sm" variant="secondary" disabled={rsvp.isPending} onClick={() => send('not_going')}>
              {t('events.rsvp.decline')}
            </Button>
          </span>
        </Alert>
      ) : null}

      {questions.length > 0 || maxGuests > 0 ? (
        <div className="space-y-3" id={formId}>
          {questions.map((q) => (
            <div key={q.id} className="space-y-1.5">
              <Label htmlFor={`${formId}-${q.id}`}>
                {q.text}
                {q.required ? (
                  <span className="ml-1 font-normal text-stone-600">{t('events.rsvp.requiredToGo')}</span>
                ) : (
                  <span className="ml-1 font-normal text-stone-600">{t('events.rsvp.optional')}</span>
                )}
              </Label>
              <Input
                id={`${formId}-${q.id}`}
                value={answers[q.id] ?? ''}
                maxLength={500}
                required={q.required}
                onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })}
              />
            </div>
          ))}
          {maxGuests > 0 ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-stone-900">
                {t('events.rsvp.guestsLegend', { max: maxGuests })}
              </legend>
              {guests.map((name, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: guests have no id; the position is the identity
                <div key={i} className="flex items-center gap-2">
                  <Input
                    aria-label={t('events.rsvp.guestName', { n: i + 1 })}
                    placeholder={t('events.rsvp.namePlaceholder')}
                    value={name}
                    maxLength={100}
                    onChange={(e) => setGuests(guests.map((g, j) => (j === i ? e.target.value : g)))}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('events.rsvp.removeGuest', { n: i + 1 })}
                    onClick={() => setGuests(guests.filter((_, j) => j !== i))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              ))}
              {guests.length < maxGuests ? (
                <Button size="sm" variant="secondary" onClick={() => setGuests([...guests, ''])}>
                  <Plus aria-hidden="true" />
                  {t('events.rsvp.addGuest')}
                </Button>
              ) : null}
            </fieldset>
          ) : null}
        </div>
      ) : null}

      {tooBig ? (
        <Alert variant="info">
          <span className="block">{tooBig.text}</span>
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={() => setGuests(guests.slice(0, tooBig.keep))}
          >
            {tooBig.action}
          </Button>
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {choices.map(({ status: choice, label, icon: Icon }) => {
          const chosen = status === choice || (choice === 'going' && status === 'waitlisted');
          return (
            <Button
              key={choice}
              size="sm"
              variant={chosen ? 'primary' : 'secondary'}
              aria-pressed={chosen}
              disabled={rsvp.isPending}
              loading={rsvp.isPending && pending === choice}
              onClick={() => send(choice)}
            >
              <Icon aria-hidden="true" />
              {label}
            </Button>
          );
        })}
      </div>
      {status === 'going' && (questions.length > 0 || maxGuests > 0) ? (
        <p className="text-sm text-stone-600">{t('events.rsvp.pressAgain')}</p>
      ) : null}
      <p role="status" className="text-sm text-stone-700">
        {status === 'offered' ? t('events.rsvp.onOffer') : rsvpSummary(mine ?? fromMyRsvp(event.myRsvp), now)}
      </p>
      <FailedAlert failed={rsvp} fallback={t('events.rsvp.saveFailed')} />
      {status === 'going' ? <EventTicket eventId={event.id} /> : null}
      {status === 'going' && event.allowTransfers ? (
        <TransferPlace eventId={event.id} viewerId={viewerId} />
      ) : null}
    </HeadedSection>
  );
}

/** Events presented without `viewerRsvp` (older caches) still say the reply. */
function fromMyRsvp(myRsvp: RsvpStatus | null) {
  return myRsvp
    ? {
        status: myRsvp,
        waitlistPosition: null,
        offerExpiresAt: null,
        guests: [],
        answers: {},
        checkedIn: false,
      }
    : null;
}
