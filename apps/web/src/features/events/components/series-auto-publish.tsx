import { useState } from 'react';
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
  // The choice being saved, shown at once (the mutation's own state arrives a render later, and a
  // radio button would spring back meanwhile); the saved one again when the server answers.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  if (!series.data) return null;
  return (
    <PublishDatesChoice
      name={`series-auto-publish-${seriesId}`}
      value={choosing ?? series.data.autoPublish}
      disabled={choosing !== null}
      onChange={(auto) => {
        setChoosing(auto);
        set.mutate(auto, {
          onSuccess: () => toast.success(t(auto ? 'events.series.autoOn' : 'events.series.autoOff')),
          onError: (error) => toast.error(errorMessage(error, t('events.series.autoFailed'))),
          onSettled: () => setChoosing(null),
        });
      }}
      className="border-t border-brand-200 pt-4"
    />
  );
}
