import { ImageOff } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useRecap } from '../../features/albums/api/album.ts';
import { RecapView } from '../../features/albums/components/recap-view.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

/** A recap of an event (decision 075): open to whoever may read the event's album, signed in or not. */
export function RecapPage() {
  const t = useT();
  const { recapId = '' } = useParams();
  const recap = useRecap(recapId);
  if (recap.isPending) return <Skeleton className="h-64 w-full" />;
  if (recap.isError) {
    return (
      <div className="mx-auto max-w-xl">
        <title>{t('common.pageTitle', { title: t('albums.recapNotFound') })}</title>
        <EmptyState icon={ImageOff} title={t('albums.recapNotFound')} headingLevel="h2">
          <p>{t('albums.recapNotFoundBody')}</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <title>{t('common.pageTitle', { title: recap.data.title })}</title>
      <RecapView recap={recap.data} />
    </div>
  );
}
