import { z } from 'zod';

/** The one error body every failing request answers with. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** Stable and machine-readable (docs/API.md, "Error codes"); the message stays English. */
  code: z.string().optional(),
  /** What a message built from a number or a name had filled in (`{ max: "2" }`). */
  params: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
