import { describe, expect, it } from 'vitest';
import { directionsUrl, openStreetMapUrl } from '../features/places/components/place-map.tsx';
import { bboxAround, distanceKm, formatDistance, locationAfterPick, roundPoint } from './place-text.ts';

const berlin = { name: 'Berlin', address: '', city: 'Berlin', country: 'DE' };

describe('place text', () => {
  it('rounds a position to 0.01° before it leaves the browser', () => {
    expect(roundPoint({ lat: 52.516275, lon: 13.377704 })).toEqual({ lat: 52.52, lon: 13.38 });
    expect(roundPoint({ lat: -33.868799, lon: 151.209295 })).toEqual({ lat: -33.87, lon: 151.21 });
  });

  it('fills the location from a pick unless the host typed one', () => {
    expect(locationAfterPick({ location: '', locationFromPlace: false }, berlin)).toEqual({
      location: 'Berlin, DE',
      locationFromPlace: true,
    });
    // A second pick replaces what the first filled in; clearing the pick clears it.
    const venue = { name: 'Café Kranzler', address: 'Kurfürstendamm 18', city: 'Berlin', country: 'DE' };
    expect(locationAfterPick({ location: 'Berlin, DE', locationFromPlace: true }, venue).location).toBe(
      'Café Kranzler, Kurfürstendamm 18, Berlin, DE',
    );
    expect(locationAfterPick({ location: 'Berlin, DE', locationFromPlace: true }, null)).toEqual({
      location: '',
      locationFromPlace: false,
    });
    // What the host typed stays.
    const typed = { location: 'Back room of the bakery', locationFromPlace: false };
    expect(locationAfterPick(typed, berlin)).toBe(typed);
  });

  it('measures and shows distances', () => {
    const paris = { lat: 48.8566, lon: 2.3522 };
    expect(distanceKm({ lat: 52.52, lon: 13.405 }, paris)).toBeCloseTo(878, -1);
    expect(formatDistance(3.14)).toBe('3.1 km');
    expect(formatDistance(26.6)).toBe('27 km');
  });

  it('links to OpenStreetMap and its route planner', () => {
    expect(openStreetMapUrl({ lat: 52.52, lon: 13.41 })).toBe(
      'https://www.openstreetmap.org/?mlat=52.52&mlon=13.41#map=16/52.52/13.41',
    );
    expect(directionsUrl({ lat: 52.52, lon: 13.41 })).toBe(
      'https://www.openstreetmap.org/directions?route=%3B52.52%2C13.41',
    );
  });

  it('boxes a radius around a point, across the antimeridian too', () => {
    const [west, south, east, north] = bboxAround({ lat: 0, lon: 0 }, 111.32).split(',').map(Number);
    expect([west, south, east, north]).toEqual([-1, -1, 1, 1]);
    const fiji = bboxAround({ lat: -17.7, lon: 179.9 }, 50).split(',').map(Number);
    expect(fiji[0]).toBeGreaterThan(fiji[2] as number);
  });
});
