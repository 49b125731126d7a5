import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

export function ForgotPasswordPage() {
  const t = useT();
  return (
    <>
      <title>{t('auth.forgot.pageTitle')}</title>
      <AuthCard
        icon={KeyRound}
        title={t('auth.forgot.title')}
        description={t('auth.forgot.description')}
        footer={
          <>
            {t('auth.forgot.remembered')}{' '}
            <Link to="/login" className="font-semibold text-brand-800 hover:underline">
              {t('auth.backToSignIn')}
            </Link>
          </>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
