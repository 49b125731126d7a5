import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordPage() {
  return (
    <>
      <title>Forgot your password · Townsquare</title>
      <AuthCard
        icon={KeyRound}
        title="Forgot your password?"
        description="Enter the email address of your account and we will send you a link to choose a new password."
        footer={
          <>
            Remembered it?{' '}
            <Link to="/login" className="font-semibold text-brand-800 hover:underline">
              Back to sign in
            </Link>
          </>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
