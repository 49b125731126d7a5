import { PageHeader } from '../../components/ui/page-header.tsx';
import { NotificationsList } from '../../features/notifications/components/notifications-list.tsx';

export function NotificationsPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <title>Notifications · Townsquare</title>
      <PageHeader
        title="Notifications"
        description="What happened around your events, friends and communities."
      />
      <NotificationsList />
    </div>
  );
}
