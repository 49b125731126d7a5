import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@townsquare/contracts/limits';
import { MSG } from '@townsquare/contracts/messages';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useChangePassword } from '../api/change-password.ts';

const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.currentPasswordRequired),
    newPassword: z.string().min(1, MSG.newPasswordRequired).min(LIMITS.passwordMin, MSG.passwordTooShort),
    confirmPassword: z.string().min(1, 'auth.reset.confirmRequired'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'users.password.mismatch',
    path: ['confirmPassword'],
  });

/** Spec 2 and 5, Settings: all fields required, new and confirmation must match. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const t = useT();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        // The server ends every other session and keeps this one: the person stays signed in here.
        onSuccess: (result) => {
          reset();
          toast.success(result?.message || t('users.password.changed'));
        },
        onError: (error) => toast.error(errorMessage(error, t('users.password.failed'))),
      },
    );
  });

  const busy = change.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {change.isError ? (
        <Alert variant="error">{errorMessage(change.error, t('users.password.failed'))}</Alert>
      ) : null}
      <fieldset disabled={busy} className="space-y-5">
        <legend className="sr-only">{t('users.password.legend')}</legend>
        <FormField
          id="currentPassword"
          label={t('users.password.current')}
          error={errors.currentPassword?.message}
        >
          {(field) => (
            <Input
              {...field}
              type="password"
              autoComplete="current-password"
              {...register('currentPassword')}
            />
          )}
        </FormField>
        <FormField
          id="newPassword"
          label={t('users.password.new')}
          hint={t('users.password.hint')}
          error={errors.newPassword?.message}
        >
          {(field) => (
            <Input {...field} type="password" autoComplete="new-password" {...register('newPassword')} />
          )}
        </FormField>
        <FormField
          id="confirmPassword"
          label={t('users.password.confirm')}
          error={errors.confirmPassword?.message}
        >
          {(field) => (
            <Input {...field} type="password" autoComplete="new-password" {...register('confirmPassword')} />
          )}
        </FormField>
      </fieldset>
      <Button type="submit" loading={busy}>
        {busy ? t('users.password.updating') : t('users.password.update')}
      </Button>
    </form>
  );
}
