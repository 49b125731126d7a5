import type { LatLon, PlaceCandidate } from '@townsquare/contracts';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCardDate, formatTime } from '../../../lib/format.ts';
import { useSession } from '../../auth/api/get-session.ts';
import { useHomePlace } from '../api/get-place.ts';
import { NEAR_RADIUS_KM, useNearEvents, useNearPoints } from '../api/near-events.ts';
import { cityName, formatDistance } from '../place-text.ts';
import { setVisitorCity, useVisitorCity } from '../visitor-city.ts';
import { HomeCityPicker } from './home-city-picker.tsx';

interface NearItem {
  id: string;
  title: string;
  startDate: string;
  distanceKm: number | undefined;
  location?: string;
}

function NearList({
  items,
  loading,
  city,
}: {
  items: NearItem[] | undefined;
  loading: boolean;
  city: string;
}) {
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (!items?.length)
    return (
      <EmptyState
        icon={MapPin}
        title={`Nothing planned within ${NEAR_RADIUS_KM} km of ${city} yet`}
        headingLevel="h3"
      />
    );
  return (
    <ul
      className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
      data-testid="near-you"
    >
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-0.5 p-4 sm:flex-row sm:items-baseline sm:gap-4">
          <span className="shrink-0 text-sm font-medium text-brand-800">
            {formatCardDate(item.startDate)} · {formatTime(item.startDate)}
          </span>
          <span className="min-w-0 flex-1">
            <Link to={`/event/${item.id}`} className="font-semibold text-stone-900 hover:underline">
              {item.title}
            </Link>
            {item.location ? (
              <span className="block text-sm break-words text-stone-600">{item.location}</span>
            ) : null}
          </span>
          {item.distanceKm !== undefined ? (
            <span className="shrink-0 text-sm text-stone-700">
              {formatDistance(item.distanceKm)}
              <span className="sr-only"> away</span>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A signed-in person's nearby events: `GET /api/events?near=` (every event they may see). */
function SignedInNear({ point, city }: { point: LatLon; city: string }) {
  const events = useNearEvents(point);
  return (
    <NearList
      city={city}
      loading={events.isPending}
      items={events.data?.map((e) => ({
        id: e.id,
        title: e.title,
        startDate: e.startDate,
        distanceKm: e.distanceKm,
        location: e.location,
      }))}
    />
  );
}

/** A visitor's: the public events on the map around their city. */
function SignedOutNear({ point, city }: { point: LatLon; city: string }) {
  const points = useNearPoints(point);
  return <NearList city={city} loading={points.isPending} items={points.data} />;
}

/**
 * "Happening near <city>" (issue 22) on the dashboard and the landing page: from the person's home
 * city, or the city a visitor picked in this browser; without either, a city picker.
 */
export function NearYou({ className }: { className?: string }) {
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
          {point && city ? `Happening near ${city}` : 'Happening near you'}
        </h2>
        {point && city ? (
          user ? (
            <Link to="/settings" className="text-sm font-semibold text-brand-800 hover:underline">
              {home ? 'Change home city' : 'Save a home city'}
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => setVisitorCity(null)}
              className="cursor-pointer text-sm font-semibold text-brand-800 hover:underline"
            >
              Change city
            </button>
          )
        ) : null}
      </div>
      {point && city ? (
        user ? (
          <SignedInNear point={point} city={city} />
        ) : (
          <SignedOutNear point={point} city={city} />
        )
      ) : (
        <div className="max-w-md rounded-2xl border border-stone-200 bg-white p-4">
          <HomeCityPicker
            id="near-city"
            label="Your city"
            hint="Kept in this browser only."
            value={null}
            onChange={pickVisitorCity}
          />
        </div>
      )}
    </section>
  );
}
