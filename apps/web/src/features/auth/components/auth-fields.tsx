import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';

/** The e-mail address of the sign-up and forgot-password forms. */
export function EmailField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  const t = useT();
  return (
    <FormField id="email" label={t('auth.email')} error={error}>
      {(field) => <Input {...field} type="email" autoComplete="email" {...registration} />}
    </FormField>
  );
}

/**
 * A password being chosen (sign-up, reset): the browser may offer one, and `showRule` tells the
 * length rule under it.
 */
export function NewPasswordField({
  label,
  showRule,
  error,
  registration,
}: {
  label: string;
  showRule?: boolean;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const t = useT();
  return (
    <PasswordField
      label={label}
      hint={showRule ? t('auth.passwordHint') : undefined}
      error={error}
      registration={registration}
    />
  );
}
