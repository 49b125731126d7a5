import type { Place, PlaceCandidate } from '@townsquare/contracts';
import { useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { locationAfterPick } from '../../../lib/place-text.ts';
import { savePlace } from '../api/save-place.ts';
import { PlacePicker } from './place-picker.tsx';

export interface PlaceLocation {
  place: Place | null;
  location: string;
  /** `location` is the picked place's text (a new pick may replace it), not something typed. */
  locationFromPlace: boolean;
}

/**
 * The place picker and the free-text location beside it (events and communities):
 * picking saves the place (one shared place per city) and fills the location unless the host
 * typed one. With `name`s the values also reach a native form (`placeId`, `location`).
 */
export function PlaceLocationFields({
  idPrefix,
  value,
  onChange,
  locationLabel,
  locationOptional = false,
  locationMax,
  locationPlaceholder,
  named = false,
}: {
  idPrefix: string;
  value: PlaceLocation;
  onChange: (next: PlaceLocation) => void;
  locationLabel?: string;
  locationOptional?: boolean;
  locationMax: number;
  locationPlaceholder?: string;
  named?: boolean;
}) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  const [pickError, setPickError] = useState<string>();

  async function pick(candidate: PlaceCandidate | null) {
    setPickError(undefined);
    if (!candidate) {
      onChange({ place: null, ...locationAfterPick(value, null) });
      return;
    }
    setPicking(true);
    try {
      const place = await savePlace(candidate);
      onChange({ place, ...locationAfterPick(value, place) });
    } catch (error) {
      setPickError(errorMessage(error, t('places.fields.saveFailed')));
    } finally {
      setPicking(false);
    }
  }

  return (
    <>
      <FormField
        id={`${idPrefix}-place`}
        label={t('places.fields.place')}
        optional
        hint={picking ? t('places.fields.saving') : t('places.fields.placeHint')}
        error={pickError}
      >
        {(field) => <PlacePicker {...field} value={value.place} onChange={pick} disabled={picking} />}
      </FormField>
      {named ? <input type="hidden" name="placeId" value={value.place?.id ?? ''} /> : null}
      <FormField
        id={`${idPrefix}-location`}
        label={locationLabel ?? t('places.fields.location')}
        optional={locationOptional}
      >
        {(field) => (
          <Input
            {...field}
            {...(named ? { name: 'location' } : {})}
            value={value.location}
            maxLength={locationMax}
            placeholder={locationPlaceholder}
            onChange={(e) => onChange({ ...value, location: e.target.value, locationFromPlace: false })}
          />
        )}
      </FormField>
    </>
  );
}
