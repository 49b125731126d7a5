import { LockKeyhole } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Choose a new password · Townsquare</title>
      <AuthCard
        icon={LockKeyhole}
        title="Choose a new password"
        description="Pick something you have not used here before."
        footer={
          <Link to="/login" className="font-semibold text-brand-800 hover:underline">
            Back to sign in
          </Link>
        }
      >
        <ResetPasswordForm token={params.get('token')} />
      </AuthCard>
    </>
  );
}
