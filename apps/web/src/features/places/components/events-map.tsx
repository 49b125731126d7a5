/**
 * The discovery page's map: the events in the viewport as pins, clustered. Loaded only
 * when someone opens the map view (its own chunk, with Leaflet and supercluster).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventMapResponse, LatLon } from '@townsquare/contracts';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import Supercluster from 'supercluster';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMapTiles } from '../../../lib/api/get-instance.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { formatCardDate } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n/intl.tsx';
import { useHomePlace } from '../api/get-place.ts';
import { getEventMap } from '../api/near-events.ts';
import { useVisitorCity } from '../visitor-city.ts';
import { LeafletMap, type MapPin, type MapView } from './leaflet-map.tsx';

type Point = Extract<EventMapResponse, { points: unknown }>['points'][number];

/** Pins for the points at this zoom: supercluster groups the ones that would overlap. */
export function clusterPins(points: Point[], view: MapView, open: (id: string) => void): MapPin[] {
  const index = new Supercluster<{ id: string; title: string }>({ radius: 48, maxZoom: 17 });
  index.load(
    points.map((p) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [p.lon, p.lat] },
      properties: { id: p.id, title: p.title },
    })),
  );
  const [west, south, east, north] = view.bbox.split(',').map(Number) as [number, number, number, number];
  return index.getClusters([west, south, east, north], Math.round(view.zoom)).map((feature) => {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties as {
      id?: string;
      title?: string;
      cluster?: boolean;
      point_count?: number;
    };
    if (props.cluster) {
      const count = props.point_count ?? 0;
      return {
        key: `cluster-${lat}-${lon}`,
        lat,
        lon,
        count,
        label: translate('places.map.cluster', { count }),
      };
    }
    const id = props.id ?? '';
    return { key: id, lat, lon, label: props.title ?? '', onSelect: () => open(id) };
  });
}

/** The map starts at the home city (or the visitor's city), else shows the world. */
export function EventsMap() {
  const { user } = useSession();
  const { home, pending } = useHomePlace(user);
  const visitorCity = useVisitorCity();
  if (pending) return <Skeleton className="h-[28rem] w-full rounded-2xl" />;
  const center = home ?? visitorCity;
  return <EventsMapAt center={center ? { lat: center.lat, lon: center.lon } : null} />;
}

function EventsMapAt({ center }: { center: LatLon | null }) {
  const t = useT();
  const tiles = useMapTiles();
  const navigate = useNavigate();
  const [view, setView] = useState<MapView | null>(null);
  const [failed, setFailed] = useState(false);
  const map = useQuery({
    queryKey: ['events', 'map', view?.bbox ?? null],
    queryFn: ({ signal }) => getEventMap(view?.bbox ?? '', signal),
    enabled: view !== null,
    placeholderData: keepPreviousData,
  });
  const points = map.data && 'points' in map.data ? map.data.points : [];
  const pins = useMemo<MapPin[]>(() => {
    if (!view || !map.data) return [];
    if ('clusters' in map.data)
      return map.data.clusters.map((c) => ({
        key: `server-${c.lat}-${c.lon}`,
        lat: c.lat,
        lon: c.lon,
        count: c.count,
        label: t('places.map.cluster', { count: c.count }),
      }));
    return clusterPins(map.data.points, view, (id) => navigate(`/event/${id}`));
  }, [map.data, view, navigate, t]);

  return (
    <div className="space-y-3">
      <div className="relative isolate h-[28rem] overflow-hidden rounded-2xl border border-stone-200 bg-stone-100">
        <LeafletMap
          tiles={tiles}
          center={center ?? { lat: 30, lon: 10 }}
          zoom={center ? 9 : 2}
          pins={pins}
          label={t('places.map.label')}
          onViewChange={setView}
          onTilesFailed={() => setFailed(true)}
        />
        {failed ? (
          <div
            className="absolute inset-x-2 top-2 z-[1000] max-h-[60%] overflow-auto rounded-xl border border-stone-200 bg-white/95 p-3 text-sm shadow"
            data-testid="map-fallback"
          >
            <p className="font-semibold text-stone-900">{t('places.map.tilesFailed')}</p>
            {points.length > 0 ? (
              <>
                <p className="text-stone-700">{t('places.map.inView')}</p>
                <ul className="mt-1 space-y-1">
                  {points.slice(0, 20).map((p) => (
                    <li key={p.id}>
                      <Link to={`/event/${p.id}`} className="font-semibold text-brand-800 hover:underline">
                        {p.title}
                      </Link>{' '}
                      <span className="text-stone-600">· {formatCardDate(p.startDate)}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-stone-700">{t('places.map.noneInView')}</p>
            )}
          </div>
        ) : null}
      </div>
      <p className="text-sm text-stone-600" role="status">
        {map.data
          ? 'clusters' in map.data
            ? t('places.map.clustersInView', { count: map.data.clusters.reduce((n, c) => n + c.count, 0) })
            : t('places.map.pointsInView', { count: points.length })
          : t('places.map.loading')}
      </p>
    </div>
  );
}
