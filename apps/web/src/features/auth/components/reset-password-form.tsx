import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@townsquare/contracts/limits';
import { MSG } from '@townsquare/contracts/messages';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NewPasswordFields } from '../../../components/ui/password-field.tsx';
import { SubmitForm } from '../../../components/ui/submit-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useResetPassword } from '../api/reset-password.ts';

export const RESET_REDIRECT_MS = 3000;
/** What a link without a token shows in English (`auth.reset.invalidLink`). */
export const INVALID_RESET_LINK = 'Invalid reset link. Please request a new password reset.';

const resetSchema = z
  .object({
    newPassword: z.string().min(1, MSG.newPasswordRequired).min(LIMITS.passwordMin, MSG.passwordTooShort),
    confirmPassword: z.string().min(1, 'auth.reset.confirmRequired'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'auth.reset.mismatch',
    path: ['confirmPassword'],
  });

export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  // Spec 4: after a successful reset, go to /login after 3 seconds.
  useEffect(() => {
    if (!resetPassword.isSuccess) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [resetPassword.isSuccess, navigate]);

  if (!token) {
    return (
      <div className="space-y-5">
        <Alert variant="error">{t('auth.reset.invalidLink')}</Alert>
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">{t('auth.reset.requestNew')}</Link>
        </Button>
      </div>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <Alert variant="success" title={t('auth.reset.updated')}>
        {resetPassword.data?.message || MSG.passwordResetDone} {t('auth.reset.takingYou')}
      </Alert>
    );
  }

  const onSubmit = handleSubmit(({ newPassword }) => resetPassword.mutate({ token, newPassword }));

  return (
    <SubmitForm
      onSubmit={onSubmit}
      error={
        resetPassword.isError ? (
          <>
            {errorMessage(resetPassword.error, t('auth.reset.failed'))}{' '}
            <Link to="/forgot-password" className="font-semibold underline">
              {t('auth.reset.requestNewShort')}
            </Link>
          </>
        ) : null
      }
      busy={resetPassword.isPending}
      submitLabel={t('auth.reset.submit')}
      busyLabel={t('auth.reset.resetting')}
      wide
    >
      <NewPasswordFields register={register} errors={errors} />
    </SubmitForm>
  );
}
