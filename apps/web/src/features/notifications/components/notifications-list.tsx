import { BellOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkRead } from '../api/mark-read.ts';
import type { AppNotification } from '../types.ts';
import { GoingButton } from './going-button.tsx';
import { NotificationItem } from './notification-item.tsx';

/** /notifications: every notification, newest first, a page at a time ("Load more"). */
export function NotificationsList() {
  const t = useT();
  const list = useNotifications();
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  function follow(notification: AppNotification) {
    if (!notification.readAt) markRead.mutate([notification.id]);
  }

  if (list.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <span className="sr-only" role="status">
          {t('notifications.loading')}
        </span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="text-stone-800">
        {errorMessage(list.error, t('notifications.loadFailed'))}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState icon={BellOff} title={t('notifications.noneTitle')}>
        {t('notifications.noneBody')}
      </EmptyState>
    );
  }
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-700" aria-live="polite">
          {unread === 0 ? t('notifications.caughtUp') : t('notifications.unread', { count: unread })}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {t('notifications.markAll')}
        </Button>
      </div>
      <ul className="divide-y divide-stone-200 overflow-hidden rounded-(--radius-card) border border-stone-200 bg-white">
        {items.map((n) => (
          <li key={n.id}>
            <NotificationItem notification={n} onFollow={follow} className="rounded-none px-4" />
            <GoingButton notification={n} />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <LoadMoreButton pages={list}>{t('notifications.more')}</LoadMoreButton>
        </div>
      ) : null}
    </div>
  );
}
