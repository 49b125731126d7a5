import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useSeries, useSetAutoPublish } from '../api/series-standing.ts';

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
  const current = set.isPending ? set.variables : series.data.autoPublish;
  return (
    <fieldset className="space-y-2 border-t border-brand-200 pt-4">
      <legend className="text-sm font-semibold">{t('events.form.publishDates')}</legend>
      {(
        [
          [false, 'events.form.publishAsk'],
          [true, 'events.form.publishAuto'],
        ] as const
      ).map(([auto, label]) => (
        <label key={label} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`series-auto-publish-${seriesId}`}
            checked={current === auto}
            disabled={set.isPending}
            onChange={() =>
              set.mutate(auto, {
                onSuccess: () => toast.success(t(auto ? 'events.series.autoOn' : 'events.series.autoOff')),
                onError: (error) => toast.error(errorMessage(error, t('events.series.autoFailed'))),
              })
            }
            className="size-4 accent-brand-700"
          />
          {t(label)}
        </label>
      ))}
    </fieldset>
  );
}
