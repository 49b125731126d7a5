import { setTimeout as sleep } from 'node:timers/promises';

/** How a club's import is paced: a third of the time at work (5,000 events in about half a minute). */
export const IMPORT_PACE = { sliceMs: 20, share: 1 / 3 };

/**
 * Long background work (a club's calendar import) shares one process and one database with the
 * requests people are waiting for. A pacer lets it run in slices: once a slice has taken
 * `sliceMs` (wall time, so the database's share of the work counts too), the work rests for as long
 * again, times `(1 - share) / share`. At a share of one half the work takes at most twice as long,
 * and requests meanwhile meet a machine that is idle half of the time.
 */
export function pacer({ sliceMs = 25, share = 0.5, now = () => performance.now() } = {}) {
  if (!(share > 0 && share <= 1)) throw new Error('share must be in (0, 1]');
  let sliceStart = now();
  let rested = 0;
  const pace = async () => {
    const busy = now() - sliceStart;
    if (busy < sliceMs) return;
    const rest = (busy * (1 - share)) / share;
    rested += rest;
    // Even a zero rest lets the requests queued meanwhile in (setTimeout, after pending I/O).
    await sleep(rest);
    sliceStart = now();
  };
  /** Milliseconds the work has rested so far (for a report or a test). */
  pace.rested = () => rested;
  return pace;
}
