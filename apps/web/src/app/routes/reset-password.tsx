import { useSearchParams } from 'react-router';
import { AuthScreen } from '../../features/auth/components/auth-screen.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthScreen screen="reset">
      <ResetPasswordForm token={params.get('token')} />
    </AuthScreen>
  );
}
