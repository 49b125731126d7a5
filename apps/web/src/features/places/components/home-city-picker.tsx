import type { PlaceCandidate } from '@townsquare/contracts';
import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { nearestCityToMe } from '../locate.ts';
import { PLACE_TEXT } from '../place-text.ts';
import { PlacePicker } from './place-picker.tsx';

/**
 * A city to call home (issue 22): typed, or the nearest city to where the browser is, asked only
 * when the person presses "Use my location" (rounded to 0.01° before it is sent). Choosing stores
 * nothing: whoever renders this saves the choice, or not.
 */
export function HomeCityPicker({
  id,
  label = 'Home city',
  hint = 'A city, never an address: events near it show first.',
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
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string>();

  async function locate() {
    setError(undefined);
    setLocating(true);
    try {
      onChange(await nearestCityToMe());
    } catch (err) {
      setError(errorMessage(err, PLACE_TEXT.locationUnavailable));
    } finally {
      setLocating(false);
    }
  }

  return (
    <div className="space-y-2">
      <FormField id={id} label={label} optional hint={hint} error={error}>
        {(field) => (
          <PlacePicker
            {...field}
            value={value}
            onChange={onChange}
            placeholder="Search for your city"
            disabled={disabled}
          />
        )}
      </FormField>
      <Button type="button" variant="secondary" size="sm" onClick={locate} disabled={disabled || locating}>
        <LocateFixed aria-hidden="true" />
        {locating ? PLACE_TEXT.locating : 'Use my location'}
      </Button>
    </div>
  );
}
