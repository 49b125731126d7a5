import { toast } from 'sonner';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useSeries, useSetStanding } from '../api/series-standing.ts';

/**
 * On an occurrence's page: "Going to the whole series". On, every confirmed date counts me as
 * going; answering "not going" on one date skips only that date.
 */
export function SeriesStandingToggle({ seriesId }: { seriesId: string }) {
  const t = useT();
  const series = useSeries(seriesId);
  const set = useSetStanding(seriesId);
  if (!series.data) return null;
  const standing = series.data.standing;
  const id = `series-standing-${seriesId}`;
  return (
    <div className="space-y-2 border-t border-stone-100 pt-4">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>{t('events.series.whole')}</Label>
        <Switch
          id={id}
          checked={standing}
          disabled={set.isPending}
          onCheckedChange={(checked) =>
            set.mutate(checked ? 'going' : 'none', {
              onSuccess: () => toast.success(checked ? t('events.series.on') : t('events.series.off')),
              onError: (error) => toast.error(errorMessage(error, t('events.series.failed'))),
            })
          }
        />
      </div>
      <p className="text-sm text-stone-600">
        {standing
          ? t('events.series.standingHint')
          : t('events.series.repeats', {
              freq: series.data.freq,
              interval: series.data.interval,
              count: series.data.standingCount,
            })}
      </p>
    </div>
  );
}
