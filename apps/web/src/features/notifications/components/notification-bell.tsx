import { Bell } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { translate, useT } from '../../../lib/i18n/intl.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkRead } from '../api/mark-read.ts';
import type { AppNotification } from '../types.ts';
import { NotificationItem } from './notification-item.tsx';

/** Items the panel shows; the rest are on /notifications. */
export const PANEL_SIZE = 8;

export const bellLabel = (unread: number) => translate('notifications.bell', { count: unread });

/**
 * The header's bell: the unread count, and a panel of the latest notifications. Enter or Space
 * opens it with focus on the first item; arrows (and Tab) move through the items; Escape, a click
 * outside or following an item closes it and, for Escape, returns focus to the bell.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // A new page closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node; // pointer events always target a node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  return (
    <div className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs leading-none font-bold text-white ring-2 ring-cream"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      {open ? (
        <NotificationPanel
          id={panelId}
          headingId={headingId}
          panelRef={panelRef}
          unread={unread}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

function NotificationPanel({
  id,
  headingId,
  panelRef,
  unread,
  onClose,
}: {
  id: string;
  headingId: string;
  panelRef: RefObject<HTMLDivElement | null>;
  unread: number;
  onClose: (returnFocus: boolean) => void;
}) {
  const t = useT();
  const list = useNotifications(PANEL_SIZE);
  const markRead = useMarkRead();
  const items = (list.data?.pages[0]?.notifications ?? []).slice(0, PANEL_SIZE);
  const focused = useRef(false);

  // Focus goes into the panel once it has something to hold it: the first item, else the panel.
  useEffect(() => {
    if (focused.current || list.isPending) return;
    focused.current = true;
    const first = panelRef.current?.querySelector<HTMLElement>('[data-notification-item]');
    (first ?? panelRef.current)?.focus();
  }, [list.isPending, panelRef]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const links = [...(panelRef.current?.querySelectorAll<HTMLElement>('[data-notification-item]') ?? [])];
    if (links.length === 0) return;
    event.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? links.length - 1
          : event.key === 'ArrowDown'
            ? (at + 1) % links.length
            : (at - 1 + links.length) % links.length;
    links[next]?.focus();
  }

  function follow(notification: AppNotification) {
    if (!notification.readAt) markRead.mutate([notification.id]);
    onClose(false);
  }

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="absolute right-0 z-50 mt-2 w-[min(24rem,calc(100vw-1.5rem))] rounded-2xl border border-stone-200 bg-white p-2 shadow-xl focus:outline-none max-sm:fixed max-sm:inset-x-3 max-sm:top-16 max-sm:w-auto"
    >
      <div className="flex items-center justify-between gap-2 px-2 py-1.5">
        <h2 id={headingId} className="text-base font-bold text-stone-900">
          {t('notifications.title')}
        </h2>
        <Button
          variant="link"
          size="sm"
          className="text-sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {t('notifications.markAll')}
        </Button>
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('notifications.loading')} />
        </div>
      ) : list.isError ? (
        <p className="px-3 py-4 text-sm text-stone-700">{t('notifications.loadFailed')}</p>
      ) : items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-stone-700">{t('notifications.none')}</p>
      ) : (
        <ul className="max-h-[min(28rem,70vh)] space-y-0.5 overflow-y-auto" aria-labelledby={headingId}>
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onFollow={follow} />
            </li>
          ))}
        </ul>
      )}
      <div className={cn('mt-1 border-t border-stone-200 px-2 pt-2 pb-1')}>
        <Link
          to="/notifications"
          onClick={() => onClose(false)}
          className="block rounded-lg px-1 py-1.5 text-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('notifications.seeAll')}
        </Link>
      </div>
    </div>
  );
}
