import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@townsquare/contracts/limits';
import { MSG } from '@townsquare/contracts/messages';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { NewPasswordFields, PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitForm } from '../../../components/ui/submit-form.tsx';
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
    <SubmitForm
      onSubmit={onSubmit}
      error={change.isError ? errorMessage(change.error, t('users.password.failed')) : null}
      busy={busy}
      legend={t('users.password.legend')}
      submitLabel={t('users.password.update')}
      busyLabel={t('users.password.updating')}
    >
      <PasswordField
        label={t('users.password.current')}
        error={errors.currentPassword?.message}
        registration={register('currentPassword')}
        autoComplete="current-password"
      />
      <NewPasswordFields register={register} errors={errors} />
    </SubmitForm>
  );
}
