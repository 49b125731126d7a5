import type { PlaceCandidate } from '@townsquare/contracts';
import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { nearestCityToMe } from '../locate.ts';
import { PlacePicker } from './place-picker.tsx';

/**
 * A city to call home: typed, or the nearest city to where the browser is, asked only
 * when the person presses "Use my location" (rounded to 0.01° before it is sent). Choosing stores
 * nothing: whoever renders this saves the choice, or not.
 */
export function HomeCityPicker({
  id,
  label,
  hint,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label?: string;
  hint?: string;
  value: PlaceCandidate | null;
  onChange: (city: PlaceCandidate | null) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string>();

  async function locate() {
    setError(undefined);
    setLocating(true);
    try {
      onChange(await nearestCityToMe());
    } catch (err) {
      setError(errorMessage(err, t('places.home.locationUnavailable')));
    } finally {
      setLocating(false);
    }
  }

  return (
    <div className="space-y-2">
      <FormField
        id={id}
        label={label ?? t('places.home.title')}
        optional
        hint={hint ?? t('places.home.hint')}
        error={error}
      >
        {(field) => (
          <PlacePicker
            {...field}
            value={value}
            onChange={onChange}
            placeholder={t('places.home.searchCity')}
            disabled={disabled}
          />
        )}
      </FormField>
      <Button type="button" variant="secondary" size="sm" onClick={locate} disabled={disabled || locating}>
        <LocateFixed aria-hidden="true" />
        {locating ? t('places.home.locating') : t('places.home.useLocation')}
      </Button>
    </div>
  );
}
