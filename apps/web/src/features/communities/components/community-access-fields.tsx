import {
  COMMUNITY_LIMITS,
  type Community,
  type CommunityVisibility,
  type JoinPolicy,
  LIMITS,
} from '@townsquare/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import type { PlaceLocation } from '../../places/components/place-location-fields.tsx';
import { ImageUpload } from '../../uploads/components/image-upload.tsx';

const POLICIES: { value: JoinPolicy; label: string }[] = [
  { value: 'OPEN', label: 'communities.access.open' },
  { value: 'APPROVAL', label: 'communities.access.approval' },
  { value: 'INVITE', label: 'communities.access.invite' },
];

const QUESTION_SLOTS = Array.from({ length: COMMUNITY_LIMITS.questionsMax }, (_, i) => i);

type Access = Pick<Community, 'visibility' | 'joinPolicy' | 'joinQuestions'>;

/** Visibility, join policy and join questions as the create and edit forms submit them. */
export function readAccess(form: FormData): Access {
  const joinPolicy = String(form.get('joinPolicy') ?? 'OPEN') as JoinPolicy;
  const questions = Array.from({ length: COMMUNITY_LIMITS.questionsMax }, (_, i) =>
    String(form.get(`question-${i}`) ?? '').trim(),
  ).filter(Boolean);
  return {
    visibility: (form.get('private') ? 'PRIVATE' : 'PUBLIC') as CommunityVisibility,
    joinPolicy,
    // Questions are asked only of people who request to join; other policies keep none.
    joinQuestions: joinPolicy === 'APPROVAL' ? questions : [],
  };
}

/**
 * Who can join, the join questions (shown for APPROVAL only, up to 3) and the private switch:
 * the same fields when a community is started and when organisers edit it.
 */
export function CommunityAccessFields({ idPrefix, defaults }: { idPrefix: string; defaults?: Access }) {
  const t = useT();
  const [policy, setPolicy] = useState<JoinPolicy>(defaults?.joinPolicy ?? 'OPEN');
  const legendId = useId();
  return (
    <>
      <FormField id={`${idPrefix}-policy`} label={t('communities.access.who')}>
        {(control) => (
          <select
            {...control}
            name="joinPolicy"
            value={policy}
            onChange={(e) => setPolicy(e.target.value as JoinPolicy)}
            className={inputClassName}
          >
            {POLICIES.map((p) => (
              <option key={p.value} value={p.value}>
                {t(p.label)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {policy === 'APPROVAL' ? (
        <fieldset className="space-y-2" aria-describedby={legendId}>
          <legend className="text-sm font-semibold text-stone-800">
            {t('communities.access.questions')}{' '}
            <span className="font-normal text-stone-600">{t('common.optional')}</span>
          </legend>
          <p id={legendId} className="text-sm text-stone-600">
            {t('communities.access.questionsHint')}
          </p>
          {QUESTION_SLOTS.map((i) => (
            <div key={i}>
              <label htmlFor={`${idPrefix}-question-${i}`} className="sr-only">
                {t('communities.access.questionLabel', { n: i + 1 })}
              </label>
              <Input
                id={`${idPrefix}-question-${i}`}
                name={`question-${i}`}
                placeholder={t('communities.access.questionPlaceholder', { n: i + 1 })}
                defaultValue={defaults?.joinQuestions[i] ?? ''}
                maxLength={COMMUNITY_LIMITS.questionMax}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          name="private"
          className="size-4"
          defaultChecked={defaults?.visibility === 'PRIVATE'}
        />{' '}
        {t('communities.access.private')}
      </label>
    </>
  );
}

/** The community's picture: an own upload, checked and sent like an event image. */
export function CommunityImageField({
  value,
  onChange,
  onBusyChange,
  disabled,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <ImageUpload
      value={value}
      onChange={onChange}
      label={t('communities.access.image')}
      maxMB={LIMITS.eventImageMaxBytes / (1024 * 1024)}
      folder="event-image"
      shape="banner"
      disabled={disabled}
      onBusyChange={onBusyChange}
    />
  );
}

// The place picker in a chunk of its own: the routes' preload lists stay short.
const PlaceLocationFields = lazy(() =>
  import('../../places/components/place-location-fields.tsx').then((m) => ({
    default: m.PlaceLocationFields,
  })),
);

/** Where a community meets: a place to put it on the map, and the free-text `location`. */
export function CommunityPlaceFields({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: PlaceLocation;
  onChange: (next: PlaceLocation) => void;
}) {
  const t = useT();
  return (
    <Suspense fallback={<Skeleton className="h-40 w-full" />}>
      <PlaceLocationFields
        idPrefix={idPrefix}
        value={value}
        onChange={onChange}
        locationLabel={t('communities.access.whereMeet')}
        locationOptional
        locationMax={COMMUNITY_LIMITS.locationMax}
        named
      />
    </Suspense>
  );
}
