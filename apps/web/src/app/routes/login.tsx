import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

export function LoginPage() {
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
        <LoginForm />
      </AuthCard>
    </>
  );
}
