import { ONLINE_URL_MAX } from '@townsquare/contracts';
import type { Dispatch, SetStateAction } from 'react';
import { Checkbox, CheckboxField } from '../../../components/ui/checkbox.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { PlaceLocationFields } from '../../places/components/place-location-fields.tsx';
import type { EventFormValues } from '../event-form.ts';

/**
 * Where an event happens: the place picker (picking fills the location unless the host
 * typed one), the free-text location the original client reads, online with its link, and whether
 * the address is shown only to people going.
 */
export function EventPlaceFields({
  values,
  setValues,
}: {
  values: EventFormValues;
  setValues: Dispatch<SetStateAction<EventFormValues>>;
}) {
  const t = useT();
  return (
    <div className="space-y-5">
      <PlaceLocationFields
        idPrefix="event"
        value={values}
        onChange={(next) =>
          setValues((current) => ({
            ...current,
            ...next,
            // An event's zone follows a newly picked place; the host can still change it.
            timeZone:
              next.place && next.place.id !== current.place?.id ? next.place.timeZone : current.timeZone,
          }))
        }
        locationMax={300}
        locationPlaceholder={t('places.fields.locationPlaceholder')}
      />
      <div className="space-y-3">
        <div className="flex items-center gap-2.5">
          <Checkbox
            id="event-address-attendees"
            checked={values.addressVisibility === 'ATTENDEES'}
            onCheckedChange={(checked) =>
              setValues((current) => ({
                ...current,
                addressVisibility: checked === true ? 'ATTENDEES' : 'PUBLIC',
              }))
            }
          />
          <Label htmlFor="event-address-attendees">{t('places.fields.addressAttendees')}</Label>
        </div>
        <CheckboxField
          id="event-online"
          label={t('places.fields.online')}
          checked={values.online}
          onCheckedChange={(checked) => setValues((current) => ({ ...current, online: checked }))}
        />
        {values.online ? (
          <InputField
            id="event-online-url"
            label={t('places.fields.onlineUrl')}
            optional
            hint={t('places.fields.onlineUrlHint')}
            type="url"
            inputMode="url"
            value={values.onlineUrl}
            maxLength={ONLINE_URL_MAX}
            placeholder={t('places.fields.onlineUrlPlaceholder')}
            onValueChange={(onlineUrl) => setValues((current) => ({ ...current, onlineUrl }))}
          />
        ) : null}
      </div>
    </div>
  );
}
