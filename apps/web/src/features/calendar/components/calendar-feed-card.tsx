import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCalendarFeedUrl, useResetCalendarFeed } from '../api/calendar-feed.ts';

/**
 * Settings: the private calendar feed (what I am going to or maybe), to paste into a calendar
 * app, with Copy and Reset link (the old link stops working at once).
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeedUrl();
  const reset = useResetCalendarFeed();
  const [copied, setCopied] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Calendar link copied');
    } catch {
      toast.error('Could not copy; select the link and copy it yourself');
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="size-5 text-brand-700" aria-hidden="true" />
          Calendar feed
        </CardTitle>
        <CardDescription>
          Subscribe to this link in your calendar app to see the events you are going to or might go to. Keep
          it private: anyone with the link can read it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Label htmlFor="calendar-feed-url">Your private calendar link</Label>
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
            {errorMessage(feed.error, 'Could not load your calendar link')}
          </p>
        ) : (
          <Skeleton className="h-10 w-full" />
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" disabled={!feed.data} onClick={() => feed.data && copy(feed.data)}>
            {copied ? 'Copied' : 'Copy link'}
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
                  toast.success('New calendar link made; the old one no longer works');
                },
                onError: (error) => toast.error(errorMessage(error, 'Could not reset the link')),
              })
            }
          >
            Reset link
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
