import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { takeSignedOutReason } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

export function LoginPage() {
  // Read once: why the last session ended (a suspension), shown above the form.
  const [signedOutReason] = useState(takeSignedOutReason);
  const t = useT();
  return (
    <>
      <title>{t('auth.login.pageTitle')}</title>
      <AuthCard
        icon={LogIn}
        title={t('auth.login.title')}
        description={t('auth.login.description')}
        footer={
          <>
            {t('auth.login.newHere')}{' '}
            <Link to="/register" className="font-semibold text-brand-800 hover:underline">
              {t('auth.login.createAccount')}
            </Link>
          </>
        }
      >
        {signedOutReason ? (
          <Alert variant="error" title={t('auth.login.signedOut')} className="mb-4">
            {signedOutReason}
          </Alert>
        ) : null}
        <LoginForm />
      </AuthCard>
    </>
  );
}
