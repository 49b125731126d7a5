import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { AuthScreen } from '../../features/auth/components/auth-screen.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { takeSignedOutReason } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

export function LoginPage() {
  // Read once: why the last session ended (a suspension), shown above the form.
  const [signedOutReason] = useState(takeSignedOutReason);
  const t = useT();
  return (
    <AuthScreen screen="login">
      {signedOutReason ? (
        <Alert variant="error" title={t('auth.login.signedOut')} className="mb-4">
          {signedOutReason}
        </Alert>
      ) : null}
      <LoginForm />
    </AuthScreen>
  );
}
