import { CAPACITY_LIMITS } from '@townsquare/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
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
    <FormField id={props.id} label={props.label} optional={props.optional} hint={props.hint}>
      {(field) => (
        <Input
          {...field}
          type="number"
          inputMode="numeric"
          min={props.min}
          max={props.max}
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

type Setter = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => void;

/** The event form's "Places and RSVP" part: capacity, offers, guests, transfers, questions. */
export function CapacityFields({ values, set }: { values: EventFormValues; set: Setter }) {
  const limited = values.capacity.trim() !== '';
  const setQuestion = (i: number, change: Partial<EventFormValues['questions'][number]>) =>
    set(
      'questions',
      values.questions.map((q, j) => (j === i ? { ...q, ...change } : q)),
    );
  return (
    <fieldset className="space-y-5 border-t border-stone-100 pt-5">
      <legend className="text-base font-semibold">Places and RSVP</legend>
      <div className="grid gap-5 sm:grid-cols-3">
        <NumberField
          id="event-capacity"
          label="Places"
          optional
          hint="Empty for unlimited."
          min={1}
          max={CAPACITY_LIMITS.capacityMax}
          value={values.capacity}
          placeholder="Unlimited"
          onChange={(v) => set('capacity', v)}
        />
        <NumberField
          id="event-guests"
          label="Guests per person"
          hint="0 to 5; guests take places."
          min={0}
          max={CAPACITY_LIMITS.guestsMax}
          value={values.maxGuests}
          onChange={(v) => set('maxGuests', v)}
        />
        <NumberField
          id="event-offer-hours"
          label="Offer time (hours)"
          hint="How long a freed place is held for the next person waiting."
          min={1}
          max={CAPACITY_LIMITS.offerHoursMax}
          value={values.offerHours}
          disabled={!limited}
          onChange={(v) => set('offerHours', v)}
        />
      </div>
      <div className="flex items-center gap-2.5">
        <Checkbox
          id="event-transfers"
          checked={values.allowTransfers}
          onCheckedChange={(checked) => set('allowTransfers', checked === true)}
        />
        <Label htmlFor="event-transfers">People going may hand their place to a friend</Label>
      </div>
      <div className="flex items-center gap-2.5">
        <Checkbox
          id="event-guest-rsvp"
          checked={values.allowGuestRsvp}
          onCheckedChange={(checked) => set('allowGuestRsvp', checked === true)}
        />
        <Label htmlFor="event-guest-rsvp">Allow guests without an account (public events only)</Label>
      </div>
      <div className="space-y-3">
        <p className="text-sm font-medium text-stone-900">
          Questions asked at RSVP (up to {CAPACITY_LIMITS.questionsMax}; answers are for hosts only)
        </p>
        {values.questions.map((q, i) => (
          <div key={q.id ?? `new-${i}`} className="space-y-2 rounded-xl border border-stone-200 p-3">
            <div className="flex items-end gap-2">
              <div className="min-w-0 flex-1 space-y-1.5">
                <Label htmlFor={`event-question-${i}`}>Question {i + 1}</Label>
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
                aria-label={`Remove question ${i + 1}`}
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
              <Label htmlFor={`event-question-${i}-required`}>Required to go</Label>
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
            Add a question
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
