import { z } from 'zod';
import { LOCALES } from './locales.ts';

export const healthResponse = z.object({
  status: z.literal('ok'),
  timestamp: z.string(),
  uptime: z.number(),
});

export const readyResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    migrations: z.enum(['applied', 'pending', 'unknown']),
    /** Present when REDIS_URL is set. */
    redis: z.enum(['up', 'down']).optional(),
    /** `saturated` while the image queue is full: uploads are refused with 503 until it drains. */
    images: z.enum(['ok', 'saturated']),
  }),
});

/** What every client needs to know about this instance before showing a price (CURRENCY). */
export const instanceResponse = z.object({
  /**
   * ISO 4217: every event cost is in it, unless its community chose its own (`community.currency`
   * on the event). CURRENCY, else what an admin set (decision 082), else USD.
   */
  currency: z.string(),
  /** The instance's name, default language and time zone: the environment's, else the admin's. */
  name: z.string(),
  defaultLocale: z.enum(LOCALES),
  timeZone: z.string(),
  /** Whether an admin has saved the instance settings (the admin area asks until then). */
  configured: z.boolean(),
  /** Where map tiles come from (MAP_TILE_URL, `{z}/{x}/{y}`) and the credit their licence asks for. */
  map: z.object({ tileUrl: z.string(), attribution: z.string(), attributionUrl: z.string() }).optional(),
});

/**
 * The OpenStreetMap standard tiles, with the credit their tile usage policy requires ("©
 * OpenStreetMap contributors", linked to the copyright page).
 */
export const MAP_TILE_DEFAULTS = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
} as const;
export type InstanceDto = z.infer<typeof instanceResponse>;
