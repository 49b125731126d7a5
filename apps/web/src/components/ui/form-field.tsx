import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { hasMessage, useT } from '../../lib/i18n/intl.tsx';
import { Label } from './label.tsx';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  className?: string;
  /** Receives the ids that tie the control to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, its control, a hint and the validation message shown under the field. */
export function FormField({ id, label, hint, error, optional, className, children }: FormFieldProps) {
  const t = useT();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="ml-1 font-normal text-stone-600">{t('common.optional')}</span> : null}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string | undefined; message?: string | undefined }) {
  const t = useT();
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {/* The web app's own schemas give catalog keys ("auth.reset.mismatch"); the contracts, text. */}
      {hasMessage(message) ? t(message) : message}
    </p>
  );
}
