import { LockKeyhole } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const t = useT();
  return (
    <>
      <title>{t('auth.reset.pageTitle')}</title>
      <AuthCard
        icon={LockKeyhole}
        title={t('auth.reset.title')}
        description={t('auth.reset.description')}
        footer={
          <Link to="/login" className="font-semibold text-brand-800 hover:underline">
            {t('auth.backToSignIn')}
          </Link>
        }
      >
        <ResetPasswordForm token={params.get('token')} />
      </AuthCard>
    </>
  );
}
