import { z } from 'zod';

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
  /** ISO 4217: every event cost is in it. */
  currency: z.string(),
});
export type InstanceDto = z.infer<typeof instanceResponse>;
