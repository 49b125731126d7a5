import { toast } from 'sonner';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSeries, useSetStanding } from '../api/series-standing.ts';

/**
 * On an occurrence's page: "Going to the whole series". On, every confirmed date counts me as
 * going; answering "not going" on one date skips only that date.
 */
export function SeriesStandingToggle({ seriesId }: { seriesId: string }) {
  const series = useSeries(seriesId);
  const set = useSetStanding(seriesId);
  if (!series.data) return null;
  const standing = series.data.standing;
  const id = `series-standing-${seriesId}`;
  return (
    <div className="space-y-2 border-t border-stone-100 pt-4">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>Going to the whole series</Label>
        <Switch
          id={id}
          checked={standing}
          disabled={set.isPending}
          onCheckedChange={(checked) =>
            set.mutate(checked ? 'going' : 'none', {
              onSuccess: () =>
                toast.success(checked ? "You're going to every confirmed date" : 'Series RSVP removed'),
              onError: (error) => toast.error(errorMessage(error, 'Could not update your RSVP')),
            })
          }
        />
      </div>
      <p className="text-sm text-stone-600">
        {standing
          ? 'Each date counts you as going once the host confirms it. Say "not going" on a date to skip just that one.'
          : `Repeats ${series.data.freq}${series.data.interval > 1 ? ` (every ${series.data.interval})` : ''}. ${series.data.standingCount} going to every date.`}
      </p>
    </div>
  );
}
