import type { LatLon, PlaceCandidate } from '@townsquare/contracts';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSession } from '../../../lib/api/get-session.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { cityName } from '../../../lib/place-text.ts';
import { useHomePlace } from '../api/get-place.ts';
import { NEAR_RADIUS_KM, useNearEvents, useNearPoints } from '../api/near-events.ts';
import { setVisitorCity, useVisitorCity } from '../visitor-city.ts';
import { HomeCityPicker } from './home-city-picker.tsx';
import { NearList } from './near-list.tsx';

/**
 * The events near `point`: a signed-in person's from `GET /api/events?near=` (every event they
 * may see), a visitor's the public events on the map around their city.
 */
function NearEvents({ point, city, signedIn }: { point: LatLon; city: string; signedIn: boolean }) {
  const t = useT();
  const events = useNearEvents(signedIn ? point : null);
  const points = useNearPoints(signedIn ? null : point);
  return (
    <NearList
      empty={t('places.near.empty', { km: NEAR_RADIUS_KM, city })}
      loading={signedIn ? events.isPending : points.isPending}
      items={
        signedIn
          ? events.data?.map((e) => ({
              id: e.id,
              title: e.title,
              startDate: e.startDate,
              timeZone: e.timeZone,
              distanceKm: e.distanceKm,
              location: e.location,
            }))
          : points.data
      }
    />
  );
}

/**
 * "Happening near <city>" on the dashboard and the landing page: from the person's home
 * city, or the city a visitor picked in this browser; without either, a city picker.
 */
export function NearYou({ className }: { className?: string }) {
  const t = useT();
  const { user } = useSession();
  const visitorCity = useVisitorCity();
  const { home, pending } = useHomePlace(user);
  const point = home ? { lat: home.lat, lon: home.lon } : visitorCity;
  const city = home ? cityName(home) : visitorCity?.name;

  function pickVisitorCity(picked: PlaceCandidate | null) {
    setVisitorCity(
      picked && { name: cityName(picked), country: picked.country, lat: picked.lat, lon: picked.lon },
    );
  }

  if (pending) return <Skeleton className={cn('h-32 w-full', className)} />;
  return (
    <section aria-labelledby="near-you" className={className}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="near-you" className="text-xl font-semibold text-stone-900">
          {point && city ? t('places.near.titleCity', { city }) : t('places.near.title')}
        </h2>
        {point && city ? (
          user ? (
            <Link to="/settings" className="text-sm font-semibold text-brand-800 hover:underline">
              {home ? t('places.near.changeHome') : t('places.near.saveHome')}
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => setVisitorCity(null)}
              className="cursor-pointer text-sm font-semibold text-brand-800 hover:underline"
            >
              {t('places.near.changeCity')}
            </button>
          )
        ) : null}
      </div>
      {point && city ? (
        <NearEvents point={point} city={city} signedIn={Boolean(user)} />
      ) : (
        <div className="max-w-md rounded-2xl border border-stone-200 bg-white p-4">
          <HomeCityPicker
            id="near-city"
            label={t('places.near.yourCity')}
            hint={t('places.near.browserOnly')}
            value={null}
            onChange={pickVisitorCity}
          />
        </div>
      )}
    </section>
  );
}
