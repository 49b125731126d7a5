import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface SubmitFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus?: () => void;
  /** Shown above the fields when sending failed; null while it has not. */
  error: ReactNode;
  /** Sending: the fields are disabled and the button says `busyLabel`. */
  busy: boolean;
  /** The fields and the button are disabled (the page is being pre-rendered, say). */
  disabled?: boolean;
  /** The fields' legend, for screen readers only. */
  legend?: string;
  submitLabel: string;
  busyLabel: string;
  /** Stands between the fields and the button. */
  between?: ReactNode;
  /** A large button the form's width (the account screens), else an ordinary one. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * A form that is sent as a whole: the error of the last try above its fields, the fields (disabled
 * while it is sent), then the submit button.
 */
export function SubmitForm({
  onSubmit,
  onFocus,
  error,
  busy,
  disabled,
  legend,
  submitLabel,
  busyLabel,
  between,
  wide = false,
  children,
}: SubmitFormProps) {
  return (
    <form onSubmit={onSubmit} onFocus={onFocus} noValidate className="space-y-5">
      {error === null || error === undefined ? null : <Alert variant="error">{error}</Alert>}
      <fieldset disabled={busy || disabled} className="space-y-5">
        {legend ? <legend className="sr-only">{legend}</legend> : null}
        {children}
      </fieldset>
      {between}
      <Button
        type="submit"
        size={wide ? 'lg' : undefined}
        className={wide ? 'w-full' : undefined}
        loading={busy}
        disabled={disabled}
      >
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
