import { z } from 'zod';
import { pageLimitField, requiredText, text } from './fields.ts';

/** Places: a venue or a city with coordinates, shared by events, communities and profiles. */
export const PLACE_LIMITS = {
  nameMax: 120,
  addressMax: 200,
  searchQueryMax: 100,
  searchLimitMax: 20,
  searchLimitDefault: 8,
  radiusKmMin: 1,
  radiusKmMax: 500,
  radiusKmDefault: 25,
  /** `GET /api/events/map` returns points up to this many, clusters above it. */
  mapPointsMax: 500,
} as const;

export const PLACE_SOURCES = ['gazetteer', 'geocoder', 'pin'] as const;

export const PLACE_MSG = {
  nameRequired: 'Place name is required',
  nameTooLong: `Place name must be at most ${PLACE_LIMITS.nameMax} characters`,
  addressTooLong: `Address must be at most ${PLACE_LIMITS.addressMax} characters`,
  latInvalid: 'Latitude must be a number between -90 and 90',
  lonInvalid: 'Longitude must be a number between -180 and 180',
  nearInvalid:
    'Near must be "latitude,longitude" with latitude between -90 and 90 and longitude between -180 and 180',
  radiusInvalid: `Radius must be a number of kilometres between ${PLACE_LIMITS.radiusKmMin} and ${PLACE_LIMITS.radiusKmMax}`,
  queryTooLong: `Search text must be at most ${PLACE_LIMITS.searchQueryMax} characters`,
  limitInvalid: `Limit must be between 1 and ${PLACE_LIMITS.searchLimitMax}`,
  fromAfterTo: 'From must be before to',
  bboxInvalid:
    'Bbox must be "west,south,east,north" in degrees, with south below north and at most 360 degrees wide',
  placeNotFound: 'Place not found',
  placeIdInvalid: 'Place id is not valid',
  noCityNearby: 'No city is known near this point',
  homeMustBeCity: 'Home must be a city, not an address',
} as const;

export const latField = z.coerce
  .number({ error: PLACE_MSG.latInvalid })
  .refine((n) => Number.isFinite(n) && n >= -90 && n <= 90, PLACE_MSG.latInvalid);
export const lonField = z.coerce
  .number({ error: PLACE_MSG.lonInvalid })
  .refine((n) => Number.isFinite(n) && n >= -180 && n <= 180, PLACE_MSG.lonInvalid);

export type LatLon = { lat: number; lon: number };

/** `near=<lat>,<lon>` in a query string. */
export const nearField = text('Near')
  .max(64, PLACE_MSG.nearInvalid)
  .transform((value, ctx): LatLon => {
    const parts = value.split(',').map((p) => p.trim());
    const [lat, lon] = parts.map((p) => (p === '' ? Number.NaN : Number(p)));
    if (
      parts.length !== 2 ||
      lat === undefined ||
      lon === undefined ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lon) ||
      Math.abs(lat) > 90 ||
      Math.abs(lon) > 180
    ) {
      ctx.addIssue({ code: 'custom', message: PLACE_MSG.nearInvalid });
      return z.NEVER;
    }
    return { lat, lon };
  });

export const radiusKmField = z.coerce
  .number({ error: PLACE_MSG.radiusInvalid })
  .refine(
    (n) => Number.isFinite(n) && n >= PLACE_LIMITS.radiusKmMin && n <= PLACE_LIMITS.radiusKmMax,
    PLACE_MSG.radiusInvalid,
  );

export type Bbox = { west: number; south: number; east: number; north: number };

/**
 * `bbox=<west>,<south>,<east>,<north>`. A box crossing the antimeridian has west > east
 * (170,-20,-170,-10 is the 20° around Fiji); wider than the world is refused.
 */
export const bboxField = text('Bbox')
  .max(100, PLACE_MSG.bboxInvalid)
  .transform((value, ctx): Bbox => {
    const parts = value.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
    const [west, south, east, north] = parts;
    const ok =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      west !== undefined &&
      south !== undefined &&
      east !== undefined &&
      north !== undefined &&
      Math.abs(west) <= 180 &&
      Math.abs(east) <= 180 &&
      south >= -90 &&
      north <= 90 &&
      south < north &&
      west !== east;
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: PLACE_MSG.bboxInvalid });
      return z.NEVER;
    }
    return { west, south, east, north } as Bbox;
  });

export const placeSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
  timeZone: z.string(),
  source: z.enum(PLACE_SOURCES),
  createdAt: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/**
 * A search answer: a saved place, or a gazetteer city nobody has picked yet (`id` null; picking it
 * is `POST /api/places` with its name and coordinates, which gives the one shared place).
 */
export const placeCandidateSchema = placeSchema.extend({
  id: z.string().nullable(),
  createdAt: z.string().nullable(),
  distanceKm: z.number().optional(),
});
export type PlaceCandidate = z.infer<typeof placeCandidateSchema>;

export const placeSearchQuery = z.object({
  q: text('Search text').trim().max(PLACE_LIMITS.searchQueryMax, PLACE_MSG.queryTooLong).optional(),
  near: nearField.optional(),
  limit: pageLimitField(PLACE_LIMITS.searchLimitMax, PLACE_LIMITS.searchLimitDefault, PLACE_MSG.limitInvalid),
});
export const placeSearchResponse = z.object({ places: z.array(placeCandidateSchema) });
export type PlaceSearchResponse = z.infer<typeof placeSearchResponse>;

export const createPlaceBody = z.object({
  name: requiredText('Place name', PLACE_MSG.nameRequired, PLACE_LIMITS.nameMax, PLACE_MSG.nameTooLong),
  lat: z.number({ error: PLACE_MSG.latInvalid }).min(-90, PLACE_MSG.latInvalid).max(90, PLACE_MSG.latInvalid),
  lon: z
    .number({ error: PLACE_MSG.lonInvalid })
    .min(-180, PLACE_MSG.lonInvalid)
    .max(180, PLACE_MSG.lonInvalid),
  address: text('Address').trim().max(PLACE_LIMITS.addressMax, PLACE_MSG.addressTooLong).optional(),
});
export type CreatePlaceInput = z.output<typeof createPlaceBody>;

export { placeDisplayText } from './place-text.ts';

export const placeResponse = z.object({ place: placeSchema });

/** `placeId` on event and community bodies: a saved place, or null to clear it. */
export const placeIdField = z
  .string({ error: PLACE_MSG.placeIdInvalid })
  .uuid(PLACE_MSG.placeIdInvalid)
  .nullable();

export const eventMapQuery = z.object({
  bbox: bboxField,
  from: z.coerce.date({ error: 'From must be a date' }).optional(),
  to: z.coerce.date({ error: 'To must be a date' }).optional(),
});
export const mapPointSchema = z.object({
  id: z.string(),
  title: z.string(),
  startDate: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export const mapClusterSchema = z.object({ lat: z.number(), lon: z.number(), count: z.number().int() });
/** At most 500 points; above that, clusters computed on the server. */
export const eventMapResponse = z.union([
  z.object({ points: z.array(mapPointSchema) }),
  z.object({ clusters: z.array(mapClusterSchema) }),
]);
export type EventMapResponse = z.infer<typeof eventMapResponse>;
