import { useMemo } from 'react';
import { viewerLocale } from '../lib/format.ts';
import { inputClassName } from './ui/input.tsx';

/** The currencies offered first; any other ISO 4217 code already chosen is kept in the list. */
const COMMON_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'TRY',
  'CAD',
  'MXN',
  'BRL',
  'ARS',
  'COP',
  'CLP',
  'AUD',
  'NZD',
  'JPY',
  'CNY',
  'INR',
  'ZAR',
  'MAD',
];

/** "Euro (EUR)" in the viewer's language (the runtime's own currency names). */
export function currencyName(code: string, locale: string = viewerLocale()): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * A currency chosen from a short list (decision 082): the instance's in the admin area, a
 * community's own for its events (`none`: the first choice, "" for the instance's).
 */
export function CurrencySelect({
  id,
  name,
  value,
  onChange,
  none,
  disabled,
  describedBy,
}: {
  id: string;
  name?: string;
  value: string;
  onChange: (code: string) => void;
  none?: string;
  disabled?: boolean;
  describedBy?: string;
}) {
  const codes = useMemo(() => [...new Set([...(value ? [value] : []), ...COMMON_CURRENCIES])], [value]);
  return (
    <select
      id={id}
      name={name}
      value={value}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
      className={inputClassName}
    >
      {none !== undefined ? <option value="">{none}</option> : null}
      {codes.map((code) => (
        <option key={code} value={code}>
          {currencyName(code)}
        </option>
      ))}
    </select>
  );
}
