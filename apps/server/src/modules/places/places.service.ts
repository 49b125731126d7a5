import tzlookup from '@photostructure/tz-lookup';
import {
  type CreatePlaceInput,
  type LatLon,
  PLACE_MSG,
  type Place,
  type PlaceCandidate,
} from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { PlaceRow } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { loadOnce } from '../../platform/load-once.ts';
import { cityLevelPlace, mayRead } from '../access/places.ts';
import { loadGazetteerIndex } from './gazetteer.index.ts';
import type { GazetteerCity } from './places.repository.ts';
import * as repo from './places.repository.ts';

/** A picked city's name within this distance of the gazetteer's point is that city. */
const SAME_CITY_KM = 5;

/** Coordinates are kept to 6 decimals (about 10 cm): finer is noise, and equal pins dedupe. */
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The IANA zone at a point, from the maintained boundary data of @photostructure/tz-lookup. */
export function timeZoneAt(lat: number, lon: number): string {
  return tzlookup(lat, lon);
}

export function presentPlace(row: PlaceRow): Place {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    country: row.country,
    lat: row.lat,
    lon: row.lon,
    timeZone: row.timeZone,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Shared with the web (the text a picked place fills `location` with). */
export { placeDisplayText } from '@townsquare/contracts';

function cityCandidate(city: GazetteerCity): PlaceCandidate {
  return {
    id: null,
    name: city.name,
    address: '',
    city: city.name,
    country: city.country,
    lat: city.lat,
    lon: city.lon,
    timeZone: timeZoneAt(city.lat, city.lon),
    source: 'gazetteer',
    createdAt: null,
    ...(city.distanceKm !== null ? { distanceKm: round1(city.distanceKm) } : {}),
  };
}

export function createPlacesService(db: Database) {
  /** The typeahead's in-memory index, read once; a failed read is tried again by the next search. */
  const gazetteer = loadOnce(() => loadGazetteerIndex(db));

  return {
    /** Builds the typeahead index now (at start), so no visitor waits for it. */
    warm: async () => {
      await gazetteer();
    },

    /**
     * Saved places and gazetteer cities starting with `q`, merged: saved first (they have ids),
     * then cities nobody picked yet, nearest first throughout when `near` is given. With no text
     * but `near`, the one nearest city (the reverse lookup the web's "Use my location" asks for).
     * Of the pins, only those `viewerId` may read (decision 062): their own, and those of events
     * whose place they know; signed out, cities only.
     */
    async search(
      viewerId: string | undefined,
      q: string,
      near: LatLon | undefined,
      limit: number,
    ): Promise<PlaceCandidate[]> {
      if (q === '') {
        const city = near && (await repo.nearestCity(db, near));
        return city ? [cityCandidate(city)] : [];
      }
      const [saved, index] = await Promise.all([
        repo.searchPlaces(db, viewerId, q, near, limit),
        gazetteer(),
      ]);
      const cities = index.search(q, near, limit);
      const savedCities = new Set(saved.map((p) => p.gazetteerId).filter((id) => id !== null));
      const merged: PlaceCandidate[] = [
        ...saved.map((p) => ({
          ...presentPlace(p),
          ...(p.distanceKm !== null ? { distanceKm: round1(p.distanceKm) } : {}),
        })),
        ...cities.filter((c) => !savedCities.has(c.id)).map(cityCandidate),
      ];
      if (near) merged.sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0));
      return merged.slice(0, limit);
    },

    /**
     * A place from a name and a point: the gazetteer city itself when the name is the nearest
     * city's and no address is given (one place per city), otherwise a pin whose city and country
     * come from the gazetteer's reverse lookup. An existing equal place is returned as it is.
     */
    async create(input: CreatePlaceInput, userId: string): Promise<{ place: Place; created: boolean }> {
      const saved = await create(db, input);
      // Whoever saves a pin knows it (they typed it): it is theirs from now on (decision 062).
      if (saved.place.source !== 'gazetteer') await repo.addOwner(db, saved.place.id, userId);
      return saved;
    },

    /**
     * The place `id` as `viewerId` may read it (decision 062): in full when it is a city, their
     * pin or the place of an event whose place they know; otherwise the address rule's city-level
     * form (no address, the point rounded to 0.01°), keeping the id it was asked by.
     */
    async find(id: string, viewerId: string | undefined): Promise<Place | undefined> {
      const row = await repo.findPlace(db, id);
      if (!row) return undefined;
      const place = presentPlace(row);
      if (row.gazetteerId !== null || (await mayRead(db, row.id, viewerId))) return place;
      return { ...cityLevelPlace(place), id: place.id };
    },
  };
}

async function create(db: Executor, input: CreatePlaceInput): Promise<{ place: Place; created: boolean }> {
  const lat = round6(input.lat);
  const lon = round6(input.lon);
  const address = input.address ?? '';
  const nearest = await repo.nearestCity(db, { lat, lon });
  const isCity =
    nearest !== undefined &&
    address === '' &&
    (nearest.distanceKm ?? Number.POSITIVE_INFINITY) <= SAME_CITY_KM &&
    nearest.name.localeCompare(input.name, undefined, { sensitivity: 'base' }) === 0;
  const { place, created } = await repo.upsertPlace(
    db,
    isCity
      ? {
          name: nearest.name,
          address: '',
          city: nearest.name,
          country: nearest.country,
          lat: round6(nearest.lat),
          lon: round6(nearest.lon),
          timeZone: timeZoneAt(nearest.lat, nearest.lon),
          source: 'gazetteer',
          gazetteerId: nearest.id,
        }
      : {
          name: input.name,
          address,
          city: nearest?.name ?? '',
          country: nearest?.country ?? '',
          lat,
          lon,
          timeZone: timeZoneAt(lat, lon),
          source: 'pin',
          gazetteerId: null,
        },
  );
  return { place: presentPlace(place), created };
}

/**
 * Adds `place` to presented events or communities that have a `placeId` (and no `place` yet): one
 * query for the page, none when nothing on it needs one (lists without places cost what they did).
 */
export async function withPlaces<T extends { placeId?: string | null; place?: Place }>(
  db: Executor,
  items: T[],
): Promise<T[]> {
  const ids = [...new Set(items.flatMap((i) => (i.placeId && !i.place ? [i.placeId] : [])))];
  if (ids.length === 0) return items;
  const found = await repo.findPlacesByIds(db, ids);
  return items.map((i) => {
    const row = i.placeId && !i.place ? found.get(i.placeId) : undefined;
    return row ? { ...i, place: presentPlace(row) } : i;
  });
}

/**
 * The saved place `id`, for a body's `placeId` sent by `viewerId`; a 400 when there is none, or
 * when it is a pin they may not read (decision 062): an event or community put on someone else's
 * pin would show its creator the address, and to everyone when the event's address is public. The
 * same answer as a missing place, so the id's existence is not told either.
 */
export async function placeForBody(db: Executor, id: string, viewerId: string): Promise<PlaceRow> {
  const row = await repo.findPlace(db, id);
  if (!row || !(await mayRead(db, id, viewerId))) throw badRequest(PLACE_MSG.placeNotFound);
  return row;
}

/**
 * Lets `userId` read a pin someone else saved, as its owner (decision 062's owners): a venue a
 * business offered becomes the accepting host's too, so their event may stand there (decision 083).
 */
export async function sharePlace(db: Executor, placeId: string, userId: string): Promise<boolean> {
  return repo.addOwner(db, placeId, userId);
}

/** Takes back a `sharePlace` that added an owner (an offer whose event could not move there). */
export async function unsharePlace(db: Executor, placeId: string, userId: string): Promise<void> {
  await repo.removeOwner(db, placeId, userId);
}

/** A home place: a city from the gazetteer, never a pin (an exact address); 400 otherwise. */
export async function homeCity(db: Executor, id: string): Promise<PlaceRow> {
  const row = await repo.findPlace(db, id);
  if (!row) throw badRequest(PLACE_MSG.placeNotFound);
  if (row.source !== 'gazetteer') throw badRequest(PLACE_MSG.homeMustBeCity);
  return row;
}

/** The signed-in person's own view with their home city, where the profile is read and edited. */
export async function withHomePlace<T extends { homePlaceId?: string | null }>(
  db: Executor,
  self: T,
): Promise<T> {
  const row = self.homePlaceId ? await repo.findPlace(db, self.homePlaceId) : undefined;
  return row ? { ...self, homePlace: presentPlace(row) } : self;
}

/**
 * Adds `distanceKm` (one decimal) from `near` and `place` to presented items that have a place:
 * one query for both (`withPlaces` afterwards finds nothing left to read).
 */
export async function withDistances<T extends { placeId?: string | null }>(
  db: Executor,
  near: LatLon,
  items: T[],
): Promise<(T & { distanceKm?: number; place?: Place })[]> {
  const found = await repo.placesWithDistance(
    db,
    near,
    items.flatMap((i) => (i.placeId ? [i.placeId] : [])),
  );
  return items.map((i) => {
    const hit = i.placeId ? found.get(i.placeId) : undefined;
    return hit ? { ...i, place: presentPlace(hit.place), distanceKm: round1(hit.km) } : i;
  });
}
