import type { EventDto } from '@townsquare/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { browserTimeZone, formatShortDateTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useSeries, useSetAutoPublish } from '../api/series-standing.ts';
import { PublishDatesChoice } from './publish-dates-choice.tsx';

/**
 * How long before its start a series' date is published or its hosts asked (decision 057: the
 * confirmation window of the `series-confirm` job, which runs every 15 minutes).
 */
const CONFIRM_WINDOW_MS = 7 * 86_400_000;

/**
 * What will become of a draft date of a series, and when: it goes live by itself, or its hosts
 * are asked to confirm it, a week before it starts (within 15 minutes once that moment is past).
 */
export function DraftDateNote({
  event,
  autoPublish,
  now = Date.now(),
}: {
  event: Pick<EventDto, 'startDate' | 'timeZone'>;
  autoPublish: boolean;
  now?: number;
}) {
  const t = useT();
  const at = new Date(new Date(event.startDate).getTime() - CONFIRM_WINDOW_MS);
  const soon = at.getTime() <= now;
  const when = formatShortDateTime(at.toISOString(), event.timeZone ?? browserTimeZone());
  const key = autoPublish
    ? soon
      ? 'events.series.liveSoon'
      : 'events.series.liveOn'
    : soon
      ? 'events.series.askSoon'
      : 'events.series.askOn';
  return (
    <p className="text-sm text-stone-700" data-testid="draft-date-note">
      {t(key, { when })}
    </p>
  );
}

/**
 * On a date of their series, for its creator: how the series' dates go live, switched at any
 * time (decision 057): "ask me each time" or "publish automatically", the same choice as when
 * the series was created. On a draft date, what will happen to it and when.
 */
export function SeriesAutoPublish({
  seriesId,
  event,
}: {
  seriesId: string;
  event?: Pick<EventDto, 'status' | 'startDate' | 'timeZone'>;
}) {
  const t = useT();
  const series = useSeries(seriesId);
  const set = useSetAutoPublish(seriesId);
  // The choice being saved, shown at once (the mutation's own state arrives a render later, and a
  // radio button would spring back meanwhile); the saved one again when the server answers.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  if (!series.data) return null;
  const autoPublish = choosing ?? series.data.autoPublish;
  return (
    <div className="space-y-2 border-t border-brand-200 pt-4">
      {event?.status === 'DRAFT' ? <DraftDateNote event={event} autoPublish={autoPublish} /> : null}
      <PublishDatesChoice
        name={`series-auto-publish-${seriesId}`}
        value={autoPublish}
        disabled={choosing !== null}
        onChange={(auto) => {
          setChoosing(auto);
          set.mutate(auto, {
            onSuccess: () => toast.success(t(auto ? 'events.series.autoOn' : 'events.series.autoOff')),
            onError: (error) => toast.error(errorMessage(error, t('events.series.autoFailed'))),
            onSettled: () => setChoosing(null),
          });
        }}
      />
    </div>
  );
}
