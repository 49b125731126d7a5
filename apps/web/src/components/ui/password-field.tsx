import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../lib/i18n/intl.tsx';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

/**
 * A password with its label, hint and error. Its id is the form field's name; `autoComplete` tells
 * the browser whether to offer the saved password or a new one.
 */
export function PasswordField({
  label,
  hint,
  error,
  registration,
  autoComplete = 'new-password',
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  autoComplete?: 'new-password' | 'current-password';
}) {
  return (
    <FormField id={registration.name} label={label} hint={hint} error={error}>
      {(field) => <Input {...field} type="password" autoComplete={autoComplete} {...registration} />}
    </FormField>
  );
}

/**
 * A new password (with the length rule under it) and the same again, as `newPassword` and
 * `confirmPassword`: resetting a forgotten password and changing it in Settings.
 */
export function NewPasswordFields({
  register,
  errors,
}: {
  register: (name: 'newPassword' | 'confirmPassword') => UseFormRegisterReturn;
  errors: { newPassword?: { message?: string }; confirmPassword?: { message?: string } };
}) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={t('auth.reset.newPassword')}
        hint={t('auth.passwordHint')}
        error={errors.newPassword?.message}
        registration={register('newPassword')}
      />
      <PasswordField
        label={t('auth.reset.confirm')}
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword')}
      />
    </>
  );
}
