import { AuthScreen } from '../../features/auth/components/auth-screen.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';

export function RegisterPage() {
  return (
    <AuthScreen screen="register">
      <RegisterForm />
    </AuthScreen>
  );
}
