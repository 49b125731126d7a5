import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';

export function RegisterPage() {
  return (
    <>
      <title>Create your account · Townsquare</title>
      <AuthCard
        icon={UserPlus}
        title="Join your local community"
        description="Create a free account for yourself or for your club."
        footer={
          <>
            Already have an account?{' '}
            <Link to="/login" className="font-semibold text-brand-800 hover:underline">
              Sign in
            </Link>
          </>
        }
      >
        <RegisterForm />
      </AuthCard>
    </>
  );
}
