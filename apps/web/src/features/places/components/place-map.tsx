import type { LatLon, Place } from '@townsquare/contracts';
import { placeDisplayText } from '@townsquare/contracts/place-text';
import { ExternalLink, MapPin, Navigation } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { WhenIdle } from '../../../components/when-idle.tsx';
import { useMapTiles } from '../../../lib/api/get-instance.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

// Leaflet and its CSS: a chunk of their own, asked for once the page is idle and the map is near.
const LeafletMap = lazy(() => import('./leaflet-map.tsx').then((m) => ({ default: m.LeafletMap })));

/** OpenStreetMap's page for the point, with a marker. */
export function openStreetMapUrl(place: LatLon): string {
  return `https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lon}#map=16/${place.lat}/${place.lon}`;
}

/** OpenStreetMap's route planner with the place as the destination (the start left to the person). */
export function directionsUrl(place: LatLon): string {
  return `https://www.openstreetmap.org/directions?route=${encodeURIComponent(`;${place.lat},${place.lon}`)}`;
}

/** "Open in OpenStreetMap" and "Directions", beside the map or in place of it. */
export function MapLinks({ place }: { place: Pick<Place, 'lat' | 'lon'> }) {
  const t = useT();
  const link =
    'inline-flex items-center gap-1.5 rounded-lg font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700';
  return (
    <p className="flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm">
      <a href={openStreetMapUrl(place)} target="_blank" rel="noopener noreferrer" className={link}>
        <ExternalLink className="size-4" aria-hidden="true" />
        {t('places.map.openOsm')}
      </a>
      <a href={directionsUrl(place)} target="_blank" rel="noopener noreferrer" className={link}>
        <Navigation className="size-4" aria-hidden="true" />
        {t('places.map.directions')}
      </a>
    </p>
  );
}

/** What the map area shows before the map loads and when its tiles cannot: the address and the links. */
function MapFallback({ place, address }: { place: Place; address: string }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 bg-stone-100 p-4 text-center">
      <MapPin className="size-6 text-brand-700" aria-hidden="true" />
      <p className="max-w-sm text-stone-800" data-testid="map-fallback">
        {address}
      </p>
      <MapLinks place={place} />
    </div>
  );
}

/**
 * An event's place on a map. The map loads after first paint (and only as the reader
 * nears it); until then, and whenever no tile can be loaded, the area shows the address and the
 * links, never a blank box. `address` is what the viewer may see (the server hides the rest).
 */
export function PlaceMap({ place, address = placeDisplayText(place) }: { place: Place; address?: string }) {
  const t = useT();
  const area = useRef<HTMLDivElement>(null);
  const tiles = useMapTiles();
  const [failed, setFailed] = useState(false);
  // The links sit in the fallback until the map shows, then below it (never twice).
  const [shown, setShown] = useState(false);
  const pins = useMemo(
    () => [{ key: place.id, lat: place.lat, lon: place.lon, label: address }],
    [place.id, place.lat, place.lon, address],
  );
  const fallback = <MapFallback place={place} address={address} />;
  return (
    <div className="space-y-3">
      <div
        ref={area}
        className="relative isolate h-56 overflow-hidden rounded-xl border border-stone-200 sm:h-64"
      >
        <WhenIdle near={area} fallback={fallback}>
          <Suspense fallback={fallback}>
            <LeafletMap
              tiles={tiles}
              center={place}
              zoom={place.address ? 16 : 12}
              pins={pins}
              label={t('places.map.of', { address })}
              onTilesFailed={() => setFailed(true)}
              onViewChange={() => setShown(true)}
            />
            {failed ? <div className="absolute inset-0 z-[1000]">{fallback}</div> : null}
          </Suspense>
        </WhenIdle>
      </div>
      {shown && !failed ? <MapLinks place={place} /> : null}
    </div>
  );
}
