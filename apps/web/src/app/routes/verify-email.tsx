import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@townsquare/contracts/messages';
import { CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useVerifyEmail } from '../../features/auth/api/verify-email.ts';
import { ResendVerificationButton } from '../../features/auth/components/resend-verification-button.tsx';
import { sessionQueryKey, useSession } from '../../lib/api/get-session.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

const DEFAULT_FAILURE = MSG.verificationTokenInvalid;

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const verification = useVerifyEmail(token);
  const queryClient = useQueryClient();
  const { user } = useSession();
  const t = useT();

  // A signed-in user's emailVerified flag changed on the server. Re-read the session; and since a
  // start-up read of it may still be in flight with the old flag, wait for that first.
  useEffect(() => {
    if (!verification.isSuccess) return;
    void (async () => {
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
    })();
  }, [verification.isSuccess, queryClient]);

  const failure = token
    ? errorMessage(verification.error, t('auth.verify.failed'))
    : MSG.verificationTokenRequired;

  const state = !token
    ? 'failed'
    : verification.isPending
      ? 'verifying'
      : verification.isSuccess
        ? 'success'
        : 'failed';

  return (
    <div className="mx-auto max-w-md">
      <title>{t('auth.verify.pageTitle')}</title>
      <div className="rounded-3xl border border-stone-200/80 bg-white p-8 text-center shadow-(--shadow-lift)">
        {state === 'verifying' ? (
          <div role="status" className="space-y-4">
            <Loader2 className="mx-auto size-12 animate-spin text-brand-700" aria-hidden="true" />
            <h1 className="font-display text-2xl font-semibold">{t('auth.verify.verifying')}</h1>
            <p className="text-stone-700">{t('auth.verify.moment')}</p>
          </div>
        ) : state === 'success' ? (
          <div className="space-y-4">
            <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
            <h1 className="font-display text-2xl font-semibold">{t('auth.verify.done')}</h1>
            <p role="status" className="text-stone-700">
              {verification.data?.message || MSG.emailVerified}
            </p>
            <div className="flex flex-col gap-2 pt-2 sm:flex-row sm:justify-center">
              <Button asChild>
                <Link to="/dashboard">{t('auth.verify.goDashboard')}</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/login">{t('auth.login.submit')}</Link>
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <CircleX className="mx-auto size-12 text-red-700" aria-hidden="true" />
            <h1 className="font-display text-2xl font-semibold">{t('auth.verify.failed')}</h1>
            <p role="alert" className="text-stone-700">
              {failure}
            </p>
            {failure === DEFAULT_FAILURE ? null : <p className="text-sm text-stone-700">{DEFAULT_FAILURE}</p>}
            <div className="flex flex-col gap-2 pt-2 sm:flex-row sm:justify-center">
              {user && !user.emailVerified ? (
                <ResendVerificationButton>{t('auth.verify.sendNew')}</ResendVerificationButton>
              ) : null}
              <Button asChild variant={user ? 'secondary' : 'primary'}>
                <Link to="/login">{t('auth.verify.goSignIn')}</Link>
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
