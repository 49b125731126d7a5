import { AuthScreen } from '../../features/auth/components/auth-screen.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordPage() {
  return (
    <AuthScreen screen="forgot">
      <ForgotPasswordForm />
    </AuthScreen>
  );
}
