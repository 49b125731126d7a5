/** Occurrences exist this far ahead (decision 023); imports expand other rules as far. */
export const HORIZON_MS = 8 * 7 * 86_400_000;
