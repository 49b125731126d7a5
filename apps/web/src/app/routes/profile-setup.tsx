import { Card, CardContent } from '../../components/ui/card.tsx';
import { LanguageSelect } from '../../features/users/components/language-select.tsx';
import { ProfileSetupForm } from '../../features/users/components/profile-setup-form.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { useT } from '../../lib/i18n/intl.tsx';

export function ProfileSetupPage() {
  const { user } = useSession();
  const t = useT();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl">
      <title>{t('users.setup.pageTitle')}</title>
      <div className="mb-8 space-y-2 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          {t('users.setup.kicker')}
        </p>
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          {t('users.setup.title')}
        </h1>
        <p className="text-stone-700">{t('users.setup.welcome', { name: user.fullName })}</p>
      </div>
      <LanguageSelect className="mb-6" />
      <Card>
        <CardContent className="pt-6 sm:pt-8">
          <ProfileSetupForm user={user} />
        </CardContent>
      </Card>
    </div>
  );
}
