import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useSeries, useSetAutoPublish } from '../api/series-standing.ts';
import { PublishDatesChoice } from './publish-dates-choice.tsx';

/**
 * On a date of their series, for its creator: how the series' dates go live, switched at any
 * time (decision 057): "ask me each time" or "publish automatically", the same choice as when
 * the series was created.
 */
export function SeriesAutoPublish({ seriesId }: { seriesId: string }) {
  const t = useT();
  const series = useSeries(seriesId);
  const set = useSetAutoPublish(seriesId);
  if (!series.data) return null;
  return (
    <PublishDatesChoice
      name={`series-auto-publish-${seriesId}`}
      value={set.isPending ? set.variables : series.data.autoPublish}
      disabled={set.isPending}
      onChange={(auto) =>
        set.mutate(auto, {
          onSuccess: () => toast.success(t(auto ? 'events.series.autoOn' : 'events.series.autoOff')),
          onError: (error) => toast.error(errorMessage(error, t('events.series.autoFailed'))),
        })
      }
      className="border-t border-brand-200 pt-4"
    />
  );
}
