import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { takeSignedOutReason } from '../../lib/api-client.ts';

export function LoginPage() {
  // Read once: why the last session ended (a suspension), shown above the form.
  const [signedOutReason] = useState(takeSignedOutReason);
  return (
    <>
      <title>Sign in · Townsquare</title>
      <AuthCard
        icon={LogIn}
        title="Welcome back"
        description="Sign in with your email address or username."
        footer={
          <>
            New to Townsquare?{' '}
            <Link to="/register" className="font-semibold text-brand-800 hover:underline">
              Create an account
            </Link>
          </>
        }
      >
        {signedOutReason ? (
          <Alert variant="error" title="You have been signed out" className="mb-4">
            {signedOutReason}
          </Alert>
        ) : null}
        <LoginForm />
      </AuthCard>
    </>
  );
}
