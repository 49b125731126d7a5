import type { ComponentProps } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { formatPhone, phoneDigits } from '../../../lib/format.ts';

interface PhoneInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange'> {
  /** Digits only, at most 10. */
  value: string;
  onChange: (digits: string) => void;
}

/** Shows (555) 123-4567 while keeping only the digits (at most 10) as the value. */
export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  return (
    <Input
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="(555) 123-4567"
      value={formatPhone(value)}
      onChange={(event) => onChange(phoneDigits(event.target.value))}
      {...props}
    />
  );
}
