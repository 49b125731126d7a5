import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

export function RegisterPage() {
  const t = useT();
  return (
    <>
      <title>{t('auth.register.pageTitle')}</title>
      <AuthCard
        icon={UserPlus}
        title={t('auth.register.title')}
        description={t('auth.register.description')}
        footer={
          <>
            {t('auth.register.haveAccount')}{' '}
            <Link to="/login" className="font-semibold text-brand-800 hover:underline">
              {t('auth.login.submit')}
            </Link>
          </>
        }
      >
        <RegisterForm />
      </AuthCard>
    </>
  );
}
