import type { LatLon, PlaceCandidate } from '@townsquare/contracts';
import { DisplayError } from '../../lib/api-client.ts';
import { translate } from '../../lib/i18n/intl.tsx';
import { roundPoint } from '../../lib/place-text.ts';
import { searchPlaces } from './api/search-places.ts';

/** The browser's position, asked for only when the person presses "Use my location". */
export function currentPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<LatLon> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new DisplayError(translate('places.home.locationUnavailable')));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      (error) =>
        reject(
          new DisplayError(
            error.code === 1
              ? translate('places.locate.denied')
              : translate('places.home.locationUnavailable'),
          ),
        ),
      // A city is all this needs: a coarse, possibly cached fix is enough and quicker.
      { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  });
}

/**
 * The city nearest to where the browser is: the position is rounded to 0.01° before it is sent
 * (the reverse lookup is a search with `near` and no text), and nothing is stored here.
 */
export async function nearestCityToMe(geolocation?: Geolocation): Promise<PlaceCandidate> {
  const position = roundPoint(await currentPosition(geolocation));
  const [city] = await searchPlaces({ q: '', near: position, limit: 1 });
  if (!city) throw new DisplayError(translate('places.locate.noCity'));
  return city;
}
