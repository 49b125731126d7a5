import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@townsquare/contracts/limits';
import { MSG } from '@townsquare/contracts/messages';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';

export const RESET_REDIRECT_MS = 3000;
export const INVALID_RESET_LINK = 'Invalid reset link. Please request a new password reset.';

const resetSchema = z
  .object({
    newPassword: z.string().min(1, MSG.newPasswordRequired).min(LIMITS.passwordMin, MSG.passwordTooShort),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
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
        <Alert variant="error">{INVALID_RESET_LINK}</Alert>
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">Request a new reset link</Link>
        </Button>
      </div>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <Alert variant="success" title="Password updated">
        {resetPassword.data?.message || MSG.passwordResetDone} Taking you to sign in…
      </Alert>
    );
  }

  const onSubmit = handleSubmit(({ newPassword }) => resetPassword.mutate({ token, newPassword }));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {resetPassword.isError ? (
        <Alert variant="error">
          {errorMessage(resetPassword.error, 'Failed to reset password. The link may be expired.')}{' '}
          <Link to="/forgot-password" className="font-semibold underline">
            Request a new link
          </Link>
        </Alert>
      ) : null}
      <fieldset disabled={resetPassword.isPending} className="space-y-5">
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
      <Button type="submit" size="lg" className="w-full" loading={resetPassword.isPending}>
        {resetPassword.isPending ? 'Resetting...' : 'Reset password'}
      </Button>
    </form>
  );
}
