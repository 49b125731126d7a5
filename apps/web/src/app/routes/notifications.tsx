import { PageHeader } from '../../components/ui/page-header.tsx';
import { NotificationsList } from '../../features/notifications/components/notifications-list.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

export function NotificationsPage() {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <title>{t('notifications.pageTitle')}</title>
      <PageHeader title={t('notifications.title')} description={t('notifications.description')} />
      <NotificationsList />
    </div>
  );
}
