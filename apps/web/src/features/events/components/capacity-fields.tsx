import { CAPACITY_LIMITS } from '@townsquare/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, CheckboxField } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import type { EventFormValues } from '../event-form.ts';

/** A whole-number input with its label and hint. */
function NumberField(props: {
  id: string;
  label: string;
  hint: string;
  optional?: boolean;
  min: number;
  max: number;
  value: string;
  placeholder?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <InputField
      id={props.id}
      label={props.label}
      optional={props.optional}
      hint={props.hint}
      type="number"
      inputMode="numeric"
      min={props.min}
      max={props.max}
      value={props.value}
      placeholder={props.placeholder}
      disabled={props.disabled}
      onValueChange={props.onChange}
    />
  );
}

type Setter = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => void;

/** The event form's "Places and RSVP" part: capacity, offers, guests, transfers, questions. */
export function CapacityFields({ values, set }: { values: EventFormValues; set: Setter }) {
  const t = useT();
  const limited = values.capacity.trim() !== '';
  const setQuestion = (i: number, change: Partial<EventFormValues['questions'][number]>) =>
    set(
      'questions',
      values.questions.map((q, j) => (j === i ? { ...q, ...change } : q)),
    );
  return (
    <fieldset className="space-y-5 border-t border-stone-100 pt-5">
      <legend className="text-base font-semibold">{t('events.capacity.legend')}</legend>
      <div className="grid gap-5 sm:grid-cols-3">
        <NumberField
          id="event-capacity"
          label={t('events.capacity.places')}
          optional
          hint={t('events.capacity.placesHint')}
          min={1}
          max={CAPACITY_LIMITS.capacityMax}
          value={values.capacity}
          placeholder={t('events.capacity.unlimited')}
          onChange={(v) => set('capacity', v)}
        />
        <NumberField
          id="event-guests"
          label={t('events.capacity.guests')}
          hint={t('events.capacity.guestsHint')}
          min={0}
          max={CAPACITY_LIMITS.guestsMax}
          value={values.maxGuests}
          onChange={(v) => set('maxGuests', v)}
        />
        <NumberField
          id="event-offer-hours"
          label={t('events.capacity.offerHours')}
          hint={t('events.capacity.offerHoursHint')}
          min={1}
          max={CAPACITY_LIMITS.offerHoursMax}
          value={values.offerHours}
          disabled={!limited}
          onChange={(v) => set('offerHours', v)}
        />
      </div>
      <CheckboxField
        id="event-transfers"
        label={t('events.capacity.transfers')}
        checked={values.allowTransfers}
        onCheckedChange={(checked) => set('allowTransfers', checked)}
      />
      <CheckboxField
        id="event-guest-rsvp"
        label={t('events.capacity.guestRsvp')}
        checked={values.allowGuestRsvp}
        onCheckedChange={(checked) => set('allowGuestRsvp', checked)}
      />
      <div className="space-y-3">
        <p className="text-sm font-medium text-stone-900">
          {t('events.capacity.questions', { max: CAPACITY_LIMITS.questionsMax })}
        </p>
        {values.questions.map((q, i) => (
          <div key={q.id ?? `new-${i}`} className="space-y-2 rounded-xl border border-stone-200 p-3">
            <div className="flex items-end gap-2">
              <div className="min-w-0 flex-1 space-y-1.5">
                <Label htmlFor={`event-question-${i}`}>{t('events.capacity.question', { n: i + 1 })}</Label>
                <Input
                  id={`event-question-${i}`}
                  value={q.text}
                  maxLength={CAPACITY_LIMITS.questionMax}
                  onChange={(e) => setQuestion(i, { text: e.target.value })}
                />
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('events.capacity.removeQuestion', { n: i + 1 })}
                onClick={() =>
                  set(
                    'questions',
                    values.questions.filter((_, j) => j !== i),
                  )
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <div className="flex items-center gap-2.5">
              <Checkbox
                id={`event-question-${i}-required`}
                checked={q.required}
                onCheckedChange={(checked) => setQuestion(i, { required: checked === true })}
              />
              <Label htmlFor={`event-question-${i}-required`}>{t('events.capacity.required')}</Label>
            </div>
          </div>
        ))}
        {values.questions.length < CAPACITY_LIMITS.questionsMax ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => set('questions', [...values.questions, { text: '', required: false }])}
          >
            <Plus aria-hidden="true" />
            {t('events.capacity.addQuestion')}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
