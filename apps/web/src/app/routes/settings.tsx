import { Bell, FileDown, Globe, KeyRound, Languages } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { IconCard } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { SessionsCard } from '../../features/auth/components/sessions-card.tsx';
import { BlockedPeopleCard } from '../../features/blocks/components/blocked-people-card.tsx';
import { CalendarFeedCard } from '../../features/calendar/components/calendar-feed-card.tsx';
import { MyReportsCard } from '../../features/moderation/components/my-reports-card.tsx';
import { ChangePasswordForm } from '../../features/users/components/change-password-form.tsx';
import { DownloadDataButton } from '../../features/users/components/download-data-button.tsx';
import { FediverseToggle } from '../../features/users/components/fediverse-toggle.tsx';
import { LanguageSelect } from '../../features/users/components/language-select.tsx';
import { NotificationPreferencesForm } from '../../features/users/components/notification-preferences-form.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { useT } from '../../lib/i18n/intl.tsx';

// The home city card in a chunk of its own: the route's preload list stays short.
const HomeCityCard = lazy(() =>
  import('../../features/places/components/home-city-card.tsx').then((m) => ({ default: m.HomeCityCard })),
);

export function SettingsPage() {
  const { user } = useSession();
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <title>{t('settings.pageTitle')}</title>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <div className="space-y-6">
        <IconCard
          icon={Languages}
          title={t('settings.language.title')}
          description={t('settings.language.description')}
        >
          <LanguageSelect />
        </IconCard>
        <IconCard
          icon={KeyRound}
          title={t('settings.password.title')}
          description={t('settings.password.description')}
        >
          <ChangePasswordForm />
        </IconCard>
        {user ? (
          <Suspense fallback={<Skeleton className="h-48 w-full" />}>
            <HomeCityCard key={user.id} user={user} />
          </Suspense>
        ) : null}
        <SessionsCard />
        <BlockedPeopleCard />
        <CalendarFeedCard />
        <MyReportsCard />
        <IconCard icon={Bell} title={t('settings.email.title')} description={t('settings.email.description')}>
          <NotificationPreferencesForm key={user?.id} initial={user?.notificationPreferences} />
        </IconCard>
        <IconCard
          icon={Globe}
          title={t('settings.fediverse.title')}
          description={t('settings.fediverse.description')}
        >
          <FediverseToggle />
        </IconCard>
        <IconCard
          icon={FileDown}
          title={t('settings.data.title')}
          description={t('settings.data.description')}
        >
          <DownloadDataButton />
        </IconCard>
      </div>
    </div>
  );
}
