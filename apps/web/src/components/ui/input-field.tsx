import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

type InputFieldProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  value: string;
  /** Receives the text as it is typed. */
  onValueChange: (value: string) => void;
};

/** A FormField holding one text-like Input whose value the caller keeps. */
export function InputField({
  id,
  label,
  hint,
  error,
  optional,
  value,
  onValueChange,
  ...input
}: InputFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} optional={optional}>
      {(field) => (
        <Input {...field} {...input} value={value} onChange={(e) => onValueChange(e.target.value)} />
      )}
    </FormField>
  );
}
