import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNotificationTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { type AppNotification, safeHref } from '../types.ts';

/**
 * One notification as a link to its subject. Unread ones are marked three ways (a dot, bold text
 * and the words "Unread:" for screen readers), never by colour alone.
 */
export function NotificationItem({
  notification,
  onFollow,
  className,
}: {
  notification: AppNotification;
  onFollow?: (notification: AppNotification) => void;
  className?: string;
}) {
  const t = useT();
  const unread = !notification.readAt;
  return (
    <Link
      to={safeHref(notification.url)}
      data-notification-item=""
      onClick={() => onFollow?.(notification)}
      className={cn(
        'flex items-start gap-3 rounded-xl px-3 py-3 text-left transition-colors hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700',
        unread && 'bg-brand-50',
        className,
      )}
    >
      <Avatar src={notification.actor?.profileImage} alt="" className="size-9" />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm text-stone-900', unread ? 'font-semibold' : 'font-normal')}>
          {unread ? <span className="sr-only">{t('notifications.unreadPrefix')}</span> : null}
          {notification.text}
        </span>
        <time dateTime={notification.createdAt} className="mt-0.5 block text-xs text-stone-700">
          {formatNotificationTime(notification.createdAt)}
        </time>
      </span>
      {unread ? (
        <span
          aria-hidden="true"
          className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-700 ring-2 ring-white"
        />
      ) : null}
    </Link>
  );
}
