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
import { useChangePassword } from '../api/change-password.ts';

export const NEW_PASSWORDS_DIFFER = 'New passwords do not match';

const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.currentPasswordRequired),
    newPassword: z.string().min(1, MSG.newPasswordRequired).min(LIMITS.passwordMin, MSG.passwordTooShort),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: NEW_PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

/** Spec 2 and 5, Settings: all fields required, new and confirmation must match. */
export function ChangePasswordForm() {
  const change = useChangePassword();
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
          toast.success(result?.message || MSG.passwordChanged);
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update password')),
      },
    );
  });

  const busy = change.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {change.isError ? (
        <Alert variant="error">{errorMessage(change.error, 'Failed to update password')}</Alert>
      ) : null}
      <fieldset disabled={busy} className="space-y-5">
        <legend className="sr-only">Change your password</legend>
        <FormField id="currentPassword" label="Current password" error={errors.currentPassword?.message}>
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
          label="New password"
          hint="At least 8 characters."
          error={errors.newPassword?.message}
        >
          {(field) => (
            <Input {...field} type="password" autoComplete="new-password" {...register('newPassword')} />
          )}
        </FormField>
        <FormField id="confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
          {(field) => (
            <Input {...field} type="password" autoComplete="new-password" {...register('confirmPassword')} />
          )}
        </FormField>
      </fieldset>
      <Button type="submit" loading={busy}>
        {busy ? 'Updating...' : 'Update password'}
      </Button>
    </form>
  );
}
