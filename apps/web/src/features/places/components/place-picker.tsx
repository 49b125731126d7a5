import type { LatLon, PlaceCandidate } from '@townsquare/contracts';
import { MapPin, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { inputClassName } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { formatDistance, placeLabel } from '../../../lib/place-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePlaceSearch } from '../api/search-places.ts';

/** How long typing pauses before the typeahead asks (one request per pause, not per key). */
const TYPE_PAUSE_MS = 200;

interface PlacePickerProps {
  id: string;
  value: PlaceCandidate | null;
  onChange: (place: PlaceCandidate | null) => void;
  /** Ranks answers nearest first (the person's home city, say). */
  near?: LatLon | undefined;
  placeholder?: string;
  disabled?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
}

/**
 * A place typeahead: the WAI-ARIA combobox pattern (a text box that owns a list box). Typing asks
 * /api/places/search; arrow keys move through the answers, Enter picks, Escape closes. A picked
 * place shows as its line with a button to clear it.
 */
export function PlacePicker({ id, value, onChange, near, placeholder, disabled, ...aria }: PlacePickerProps) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(text.trim(), TYPE_PAUSE_MS);
  const search = usePlaceSearch(open ? q : '', near);
  const options = search.data ?? [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  function pick(place: PlaceCandidate) {
    onChange(place);
    setText('');
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (options.length === 0 ? -1 : (i <= 0 ? options.length : i) - 1));
    } else if (event.key === 'Enter') {
      const option = options[active] ?? (open && options.length > 0 ? options[0] : undefined);
      if (open && option) {
        event.preventDefault();
        pick(option);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  if (value) {
    return (
      <div className="flex items-center gap-2 rounded-xl border border-stone-300 bg-stone-50 px-3.5 py-2 text-sm text-stone-900">
        <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span id={id} className="min-w-0 flex-1" data-testid="picked-place">
          {placeLabel(value)}
        </span>
        <button
          type="button"
          disabled={disabled}
          onClick={() => onChange(null)}
          className="-mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-brand-700"
          aria-label={t('places.picker.clear', { place: placeLabel(value) })}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    );
  }

  const expanded = open && q !== '' && (options.length > 0 || search.isFetched);
  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        disabled={disabled}
        placeholder={placeholder ?? t('places.picker.placeholder')}
        className={inputClassName}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        {...aria}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('places.picker.list')}
        hidden={!expanded}
        className="absolute z-50 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
      >
        {options.length === 0 ? (
          <div role="presentation" className="px-3.5 py-2 text-sm text-stone-600">
            {t('places.picker.none')}
          </div>
        ) : (
          options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach the options through the combobox (aria-activedescendant).
            <div
              key={option.id ?? `${option.name}-${option.lat}-${option.lon}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keeps the focus in the text box, so the blur does not close the list before the click.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(option)}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 px-3.5 py-2 text-sm text-stone-900',
                index === active ? 'bg-brand-50' : 'hover:bg-stone-50',
              )}
            >
              <span className="min-w-0">{placeLabel(option)}</span>
              {option.distanceKm !== undefined ? (
                <span className="shrink-0 text-xs text-stone-600">{formatDistance(option.distanceKm)}</span>
              ) : null}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
