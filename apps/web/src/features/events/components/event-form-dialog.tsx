import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EVENT_LIMITS,
  EVENT_MSG,
  type EventDto,
  LIMITS,
  type Recurrence,
  type Visibility,
} from '@townsquare/contracts';
import { MSG } from '@townsquare/contracts/messages';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { HostSelect } from '../../../components/host-select.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { Checkbox, CheckboxField } from '../../../components/ui/checkbox.tsx';
import { DialogFooter, TitledDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useCurrency } from '../../../lib/api/get-instance.ts';
import { useResendVerification } from '../../../lib/api/resend-verification.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { currencySymbol } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { timeZoneOptions } from '../../../lib/time-zones.ts';
import { ImageUpload } from '../../uploads/components/image-upload.tsx';
import { type EventInput, useCreateEvent } from '../api/create-event.ts';
import { useCreateSeries } from '../api/create-series.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import {
  type EventFormValues,
  eventFormResolver,
  eventTagProblem,
  formProblems,
  formValuesFor,
  toEventInput,
  toSeriesInput,
  withAllDay,
} from '../event-form.ts';
import type { SaveAction } from '../event-status.ts';
import { showsEndedWarning } from '../event-status.ts';
import { EVENT_TAG_SUGGESTIONS } from '../event-tag-suggestions.ts';
import { EVENT_TEXT, saveFailedMessage } from '../event-texts.ts';
import { CapacityFields } from './capacity-fields.tsx';
import { EventPlaceFields } from './event-place-fields.tsx';
import { PublishDatesChoice } from './publish-dates-choice.tsx';

/** The event's zone; memoised, so typing elsewhere does not re-render its options. */
const TimeZoneSelect = memo(function TimeZoneSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (zone: string) => void;
}) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  const t = useT();
  return (
    <div className="space-y-1.5">
      <Label htmlFor="event-time-zone">{t('events.form.timeZone')}</Label>
      <select
        id="event-time-zone"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClassName}
        aria-describedby="event-time-zone-hint"
      >
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <p id="event-time-zone-hint" className="text-sm text-stone-600">
        {t('events.form.timeZoneHint')}
      </p>
    </div>
  );
});

/** The fields chosen from a short list, labelled `events.form.<name>`, each choice `events.<name>.<value>`. */
const CHOICES = ['visibility', 'recurrence'] as const;
type Choice = (typeof CHOICES)[number];
const OPTIONS: { [K in Choice]: EventFormValues[K][] } = {
  visibility: ['PUBLIC', 'PRIVATE'] satisfies Visibility[],
  recurrence: ['NONE', 'DAILY', 'WEEKLY', 'MONTHLY', 'CUSTOM'] satisfies Recurrence[],
};

function ChoiceField<K extends Choice>({
  name,
  value,
  onChange,
}: {
  name: K;
  value: EventFormValues[K];
  onChange: (value: EventFormValues[K]) => void;
}) {
  const t = useT();
  const options = OPTIONS[name];
  return (
    <div className="space-y-1.5">
      <Label htmlFor={`event-${name}`}>{t(`events.form.${name}`)}</Label>
      {/* Radix hands back the value as a string: it is one of `options`. */}
      <Select value={value} onValueChange={(v) => onChange(options.find((o) => o === v) ?? value)}>
        <SelectTrigger id={`event-${name}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {t(`events.${name}.${option}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The event form allows images up to 10 MB (spec 5, "Image upload"). */
const EVENT_IMAGE_MAX_MB = LIMITS.eventImageMaxBytes / (1024 * 1024);

export interface EventFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The event to edit; none to create one. */
  event?: EventDto | null;
  onSaved?: (event: EventDto) => void;
  /** Communities the user organises: "Host as" offers them when creating (with their own currency). */
  hosts?: { id: string; name: string; currency?: string | null }[];
  /** The host chosen when the dialog opens (a community's page: that community). */
  hostAsDefault?: string;
  /** A new event's starting values ("Duplicate event": another event's fields); keep it stable. */
  copyOf?: EventFormValues;
  /**
   * "Make this the event" (decision 082): the form, filled from the poll (`copyOf`), saves through
   * POST /api/polls/:id/finalize with the kept date, so the poll records its event.
   */
  fromPoll?: { save: (event: EventInput) => Promise<EventDto> };
}

/**
 * Spec 2, "Event create/edit dialog": every field, Save as Draft and Create/Update Event, all
 * validation messages together in one alert, the ended-event warning and the save failures.
 */
export function EventFormDialog({
  open,
  onOpenChange,
  event = null,
  onSaved,
  hosts = [],
  hostAsDefault = '',
  copyOf,
  fromPoll,
}: EventFormDialogProps) {
  const editing = Boolean(event);
  const startValues = useCallback(() => (!event && copyOf ? copyOf : formValuesFor(event)), [event, copyOf]);
  const [values, setValues] = useState<EventFormValues>(startValues);
  // The fields keep their state here; react-hook-form validates it with the contract's schemas
  // (eventFormResolver), and every problem goes into the one alert, not under its field.
  const form = useForm<EventFormValues>({ values, resolver: eventFormResolver, shouldFocusError: false });
  const [hostAs, setHostAs] = useState('');
  // The cost is in the hosting community's currency when it chose one, else the instance's.
  const currency = useCurrency(event ? event.community : hosts.find((h) => h.id === hostAs));
  const t = useT();
  const [problems, setProblems] = useState<string[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [action, setAction] = useState<SaveAction | null>(null);
  const [uploading, setUploading] = useState(false);
  const [scope, setScope] = useState<'this' | 'following'>('this');
  /** A new event that has entirely passed: publishing it asks first. */
  const [askPast, setAskPast] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);
  const create = useCreateEvent();
  const createSeries = useCreateSeries();
  const update = useUpdateEvent();
  const queryClient = useQueryClient();
  // The poll's own save (its feature owns POST /api/polls/:id/finalize); events knows only the form.
  const finalize = useMutation({
    mutationFn: (input: EventInput) => {
      if (!fromPoll) throw new Error('no poll to finalise');
      return fromPoll.save(input);
    },
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  const saving = create.isPending || update.isPending || createSeries.isPending || finalize.isPending;
  const occurrence = Boolean(event?.seriesId);
  const seriesPossible =
    !editing && !fromPoll && (values.recurrence === 'WEEKLY' || values.recurrence === 'MONTHLY');
  const allDay = values.allDay;

  // Each opening starts from the event as it is now.
  useEffect(() => {
    if (!open) return;
    setValues(startValues());
    setProblems([]);
    setSaveError(null);
    setScope('this');
    setHostAs(hostAsDefault);
  }, [open, startValues, hostAsDefault]);

  useEffect(() => {
    if (problems.length > 0) problemsRef.current?.focus();
  }, [problems]);

  function set<K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }
  const setTimeZone = useCallback(
    (timeZone: string) => setValues((current) => ({ ...current, timeZone })),
    [],
  );

  function save(next: SaveAction, pastConfirmed = false) {
    setSaveError(null);
    void form.handleSubmit(
      () => {
        setProblems([]);
        submit(next, pastConfirmed);
      },
      (errors) => setProblems(formProblems(errors)),
    )();
  }

  function submit(next: SaveAction, pastConfirmed: boolean) {
    if (!event && !pastConfirmed && next === 'publish' && toEventInput(values, next).status === 'PAST') {
      setAskPast(true);
      return;
    }
    if (event && !event.id) {
      setSaveError(EVENT_MSG.eventIdMissing);
      return;
    }
    setAction(next);
    if (!event && values.asSeries && seriesPossible) {
      createSeries.mutate(
        { ...toSeriesInput(values), ...(hostAs ? { communityId: hostAs } : {}) },
        {
          onSuccess: ({ events }) => {
            toast.success(
              t(values.autoPublish ? 'events.form.seriesCreatedAuto' : 'events.form.seriesCreated', {
                count: events.length,
              }),
            );
            const first = events[0];
            if (first) onSaved?.(first);
            onOpenChange(false);
          },
          onError: (error) => setSaveError(saveFailedMessage(errorMessage(error, ''))),
        },
      );
      return;
    }
    const before = event ? formValuesFor(event) : undefined;
    const input = {
      ...toEventInput(values, next, new Date(), before),
      ...(hostAs && !event ? { communityId: hostAs } : {}),
    };
    const done = (saved: EventDto) => {
      toast.success(
        t(
          saved.status === 'DRAFT'
            ? 'events.form.draftSaved'
            : editing
              ? 'events.form.updated'
              : 'events.form.created',
        ),
      );
      onSaved?.(saved);
      onOpenChange(false);
    };
    const failed = (error: unknown) => {
      const message = errorMessage(error, '');
      // Publishing needs a verified e-mail: say so plainly, with the way out beside it.
      setSaveError(message === EVENT_MSG.verifyToPublish ? message : saveFailedMessage(message));
    };
    if (event) update.mutate({ previous: event, input, scope }, { onSuccess: done, onError: failed });
    else if (fromPoll) finalize.mutate(input, { onSuccess: done, onError: failed });
    else create.mutate(input, { onSuccess: done, onError: failed });
  }

  const busy = saving || uploading;
  const endedWarning = event && showsEndedWarning(event);
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}
      className="max-w-2xl"
      title={
        editing
          ? t('events.form.editTitle')
          : fromPoll
            ? t('events.form.fromPollTitle')
            : copyOf
              ? t('events.form.duplicateTitle')
              : t('events.form.createTitle')
      }
      description={
        editing
          ? t('events.form.editDescription')
          : fromPoll
            ? t('events.form.fromPollDescription')
            : copyOf
              ? t('events.form.duplicateDescription')
              : t('events.form.createDescription')
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save('publish');
        }}
        className="space-y-5"
      >
        {endedWarning ? <Alert variant="warning">{EVENT_TEXT.endedWarning}</Alert> : null}
        <ConfirmDialog
          open={askPast}
          onOpenChange={setAskPast}
          title={t('events.form.endedTitle')}
          body={t('events.form.endedBody')}
          cancel={t('events.form.changeDates')}
          confirm={t('events.form.publishPast')}
          onConfirm={() => save('publish', true)}
        />
        {problems.length > 0 ? (
          <div ref={problemsRef} tabIndex={-1} className="focus:outline-none">
            <Alert variant="error" title={t('events.form.fix')}>
              <ul className="list-disc space-y-0.5 pl-5">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          </div>
        ) : null}
        {saveError === EVENT_MSG.verifyToPublish ? (
          <VerifyToPublishAlert />
        ) : saveError ? (
          <Alert variant="error">{saveError}</Alert>
        ) : null}

        <fieldset disabled={saving} className="space-y-5">
          <legend className="sr-only">{t('events.form.details')}</legend>
          {/* No maxLength: a browser cuts a pasted title silently; the count and the check say so. */}
          <FormField
            id="event-title"
            label={t('events.form.title')}
            hint={
              <CharacterCount
                id="event-title-count"
                length={values.title.length}
                max={EVENT_LIMITS.titleMax}
              />
            }
          >
            {(field) => (
              <Input {...field} value={values.title} onChange={(e) => set('title', e.target.value)} />
            )}
          </FormField>
          <FormField
            id="event-description"
            label={t('events.form.description')}
            hint={
              <CharacterCount
                id="event-description-count"
                length={values.description.length}
                max={EVENT_LIMITS.descriptionMax}
              />
            }
          >
            {(field) => (
              <Textarea
                {...field}
                rows={4}
                value={values.description}
                onChange={(e) => set('description', e.target.value)}
              />
            )}
          </FormField>
          <EventPlaceFields values={values} setValues={setValues} />
          {/* A series repeats a time of day: no all-day series (decision 078). */}
          {values.asSeries && seriesPossible ? null : (
            <CheckboxField
              id="event-all-day"
              label={t('events.form.allDay')}
              checked={values.allDay}
              onCheckedChange={(checked) =>
                setValues((current) =>
                  withAllDay({ ...current, asSeries: checked ? false : current.asSeries }, checked),
                )
              }
            />
          )}
          {/* All day: the first and last day only, no times (decision 078). */}
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              id="event-start"
              label={t(allDay ? 'events.form.firstDay' : 'events.form.start')}
              type={allDay ? 'date' : 'datetime-local'}
              value={values.startDate}
              onValueChange={(v) => set('startDate', v)}
            />
            <InputField
              id="event-end"
              label={t(allDay ? 'events.form.lastDay' : 'events.form.end')}
              type={allDay ? 'date' : 'datetime-local'}
              value={values.endDate}
              min={values.startDate || undefined}
              onValueChange={(v) => set('endDate', v)}
            />
          </div>
          <TimeZoneSelect value={values.timeZone} onChange={setTimeZone} />
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              id="event-cost"
              label={t('events.form.cost', { symbol: currencySymbol(currency) })}
              hint={values.isFree ? t('events.form.freeHint') : undefined}
              type="number"
              inputMode="decimal"
              min={0}
              max={100000}
              step="0.01"
              value={values.isFree ? '' : values.cost}
              disabled={values.isFree}
              placeholder={values.isFree ? t('events.form.freePlaceholder') : '0.00'}
              onValueChange={(v) => set('cost', v)}
            />
            <CheckboxField
              id="event-free"
              label={t('events.form.free')}
              checked={values.isFree}
              onCheckedChange={(checked) => set('isFree', checked)}
              className="sm:pt-8"
            />
          </div>
          {!editing && hosts.length > 0 ? (
            <div className="space-y-1.5">
              <Label htmlFor="event-host">{t('events.form.hostAs')}</Label>
              <HostSelect
                id="event-host"
                hosts={hosts}
                none={t('events.form.me')}
                value={hostAs}
                onValueChange={setHostAs}
              />
            </div>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            {CHOICES.map((name) => (
              <ChoiceField key={name} name={name} value={values[name]} onChange={(v) => set(name, v)} />
            ))}
          </div>
          {seriesPossible ? (
            <div className="space-y-3 rounded-xl border border-stone-200 p-4">
              <div className="flex items-start gap-2.5">
                <Checkbox
                  id="event-as-series"
                  checked={values.asSeries}
                  onCheckedChange={(checked) =>
                    // A series repeats a time: turning it on turns "All day" off (decision 078).
                    setValues((current) => ({ ...withAllDay(current, false), asSeries: checked === true }))
                  }
                  aria-describedby="event-as-series-hint"
                />
                <div>
                  <Label htmlFor="event-as-series">{t('events.form.asSeries')}</Label>
                  <p id="event-as-series-hint" className="text-sm text-stone-600">
                    {t('events.form.asSeriesHint')}
                  </p>
                </div>
              </div>
              {values.asSeries ? (
                <PublishDatesChoice
                  name="event-auto-publish"
                  value={values.autoPublish}
                  onChange={(auto) => set('autoPublish', auto)}
                />
              ) : null}
              {values.asSeries ? (
                <InputField
                  id="event-until"
                  label={t('events.form.until')}
                  optional
                  type="date"
                  value={values.until}
                  onValueChange={(v) => set('until', v)}
                />
              ) : null}
            </div>
          ) : null}
          {occurrence ? (
            <fieldset className="space-y-2 rounded-xl border border-stone-200 p-4">
              <legend className="px-1 text-sm font-semibold">{t('events.form.applyTo')}</legend>
              {(
                [
                  ['this', 'events.form.scopeThis'],
                  ['following', 'events.form.scopeFollowing'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="event-scope"
                    value={value}
                    checked={scope === value}
                    onChange={() => setScope(value)}
                    className="size-4 accent-brand-700"
                  />
                  {t(label)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <FormField
            id="event-tags"
            label={t('events.form.tags')}
            optional
            hint={t('events.form.tagsHint', {
              max: LIMITS.tagsMax,
              min: LIMITS.tagMin,
              maxLength: LIMITS.tagMax,
            })}
          >
            {(field) => (
              <TagInput
                {...field}
                value={values.tags}
                onChange={(tags) => set('tags', tags)}
                suggestions={EVENT_TAG_SUGGESTIONS}
                validate={eventTagProblem}
                maxTags={LIMITS.tagsMax}
                placeholder={t('events.form.tagPlaceholder')}
              />
            )}
          </FormField>
        </fieldset>
        <CapacityFields values={values} set={set} />
        <ImageUpload
          value={values.imageUrl}
          onChange={(url) => set('imageUrl', url)}
          label={t('events.form.image')}
          maxMB={EVENT_IMAGE_MAX_MB}
          folder="event-image"
          shape="banner"
          disabled={saving}
          onBusyChange={setUploading}
        />

        {/* The actions stay in view while the long form scrolls. */}
        <DialogFooter className="sticky -bottom-6 z-10 -mx-6 mt-0 -mb-6 border-t border-stone-100 bg-white px-6 py-4">
          <Button
            variant="secondary"
            disabled={busy}
            loading={saving && action === 'draft'}
            onClick={() => save('draft')}
          >
            {saving && action === 'draft' ? t('events.form.saving') : t('events.form.saveDraft')}
          </Button>
          <Button type="submit" disabled={busy} loading={saving && action === 'publish'}>
            {saving && action === 'publish'
              ? t('events.form.saving')
              : editing
                ? t('events.form.update')
                : t('events.form.create')}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}

/** The refusal to publish for an unverified e-mail, with a button that sends a new link. */
function VerifyToPublishAlert() {
  const resend = useResendVerification();
  const t = useT();
  return (
    <Alert variant="error">
      <p>{EVENT_MSG.verifyToPublish}</p>
      {resend.isSuccess ? (
        <p role="status" className="mt-2">
          {resend.data?.message || MSG.verificationSent}
        </p>
      ) : (
        <Button
          type="button"
          size="sm"
          variant="secondary"
          className="mt-2"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onError: (error) => toast.error(errorMessage(error, t('events.form.resendFailed'))),
            })
          }
        >
          {t('events.form.resend')}
        </Button>
      )}
    </Alert>
  );
}
