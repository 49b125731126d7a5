// A child that never answers: a tight loop, as a hostile calendar made ical.js run (child-task.test.ts).
// Its own deadline is a second after the one it is given, as ics-worker.ts's is.
import { guardChild } from './child-task.ts';

guardChild(Number(process.argv[2]) + 1_000);
for (;;) {
  // spin
}
