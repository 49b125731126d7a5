import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EventBoard } from '../../features/events/components/event-board.tsx';
import { type DiscoveryView, ListMapToggle } from '../../features/places/components/list-map-toggle.tsx';
import { useHostableCommunities } from '../../lib/api/get-my-communities.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { withSearchParam } from '../../lib/search-params.ts';

// The map view (Leaflet, supercluster) loads only when someone switches to it.
const EventsMap = lazy(() =>
  import('../../features/places/components/events-map.tsx').then((m) => ({ default: m.EventsMap })),
);

/** Spec 2: the simpler Event Dashboard: the same tabs, cards and create/edit, without delete; and a map. */
export function EventsPage() {
  const hosts = useHostableCommunities();
  const t = useT();
  const [params, setParams] = useSearchParams();
  const view: DiscoveryView = params.get('view') === 'map' ? 'map' : 'list';
  return (
    <>
      <title>{t('events.page.pageTitle')}</title>
      <PageHeader
        eyebrow={t('events.page.eyebrow')}
        title={t('events.page.title')}
        description={t('events.page.description')}
      />
      <div className="mb-5">
        <ListMapToggle
          value={view}
          onChange={(next) =>
            setParams((current) => withSearchParam(current, 'view', next === 'map' ? 'map' : null), {
              replace: true,
            })
          }
        />
      </div>
      {view === 'map' ? (
        <Suspense fallback={<Skeleton className="h-[28rem] w-full rounded-2xl" />}>
          <EventsMap />
        </Suspense>
      ) : (
        <EventBoard hosts={hosts} sortable />
      )}
    </>
  );
}
