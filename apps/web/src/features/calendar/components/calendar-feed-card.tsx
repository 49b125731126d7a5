import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { IconCard } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCalendarFeedUrl, useResetCalendarFeed } from '../api/calendar-feed.ts';

/**
 * Settings: the private calendar feed (what I am going to or maybe), to paste into a calendar
 * app, with Copy and Reset link (the old link stops working at once).
 */
export function CalendarFeedCard() {
  const t = useT();
  const feed = useCalendarFeedUrl();
  const reset = useResetCalendarFeed();
  const [copied, setCopied] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t('settings.calendar.copied'));
    } catch {
      toast.error(t('settings.calendar.copyFailed'));
    }
  }

  return (
    <IconCard
      icon={CalendarDays}
      title={t('settings.calendar.title')}
      description={t('settings.calendar.description')}
      contentClassName="space-y-3"
    >
      <Label htmlFor="calendar-feed-url">{t('settings.calendar.label')}</Label>
      {feed.data ? (
        <Input
          id="calendar-feed-url"
          readOnly
          value={feed.data}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
        />
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-rose-800">
          {errorMessage(feed.error, t('settings.calendar.loadFailed'))}
        </p>
      ) : (
        <Skeleton className="h-10 w-full" />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={!feed.data} onClick={() => feed.data && copy(feed.data)}>
          {copied ? t('settings.calendar.copiedShort') : t('settings.calendar.copy')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          loading={reset.isPending}
          onClick={() =>
            reset.mutate(undefined, {
              onSuccess: () => {
                setCopied(false);
                toast.success(t('settings.calendar.resetDone'));
              },
              onError: (error) => toast.error(errorMessage(error, t('settings.calendar.resetFailed'))),
            })
          }
        >
          {t('settings.calendar.reset')}
        </Button>
      </div>
    </IconCard>
  );
}
