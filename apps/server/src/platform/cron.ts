/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week, UTC), read once into
 * sets of allowed values so that asking whether a minute matches is five lookups.
 *
 * The job queue used to hand its schedules to pg-boss, whose timekeeper parses every schedule
 * again with cron-parser and luxon each time it looks (every 30–60 s): 20–65 ms of blocked event
 * loop per look on a 2-core machine, seen as a stall in the fixed-rate latency probe.
 *
 * Accepted in each field: `*`, a number, a range `a-b`, a step `*\/n` or `a-b/n`, and lists of
 * those separated by commas. Day of week is 0–6 from Sunday (7 is Sunday too). As in every cron,
 * when both day fields are restricted a day matching either one matches.
 */
export type CronSchedule = {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Whether day of month and day of week were both restricted (then either one matches). */
  eitherDay: boolean;
};

const FIELDS = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['day of month', 1, 31],
  ['month', 1, 12],
  ['day of week', 0, 7],
] as const;

function parseField(text: string, [label, min, max]: (typeof FIELDS)[number], expression: string) {
  const values = new Set<number>();
  const fail = () => new Error(`cron "${expression}": bad ${label} "${text}"`);
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw fail();
    const [, , from, to, step] = match;
    const start = from === undefined ? min : Number(from);
    const end = to !== undefined ? Number(to) : from === undefined || step !== undefined ? max : start;
    const by = step === undefined ? 1 : Number(step);
    if (start < min || end > max || start > end || by < 1) throw fail();
    for (let v = start; v <= end; v += by) values.add(v);
  }
  return values;
}

/** Reads an expression; throws with the expression and the field at fault when it is not valid. */
export function parseCron(expression: string): CronSchedule {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`cron "${expression}": five fields expected`);
  const [minutes, hours, days, months, weekdays] = fields.map((field, i) =>
    parseField(field, FIELDS[i] as (typeof FIELDS)[number], expression),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.delete(7)) weekdays.add(0);
  return {
    minutes,
    hours,
    days,
    months,
    weekdays,
    eitherDay: !fields[2]?.startsWith('*') && !fields[4]?.startsWith('*'),
  };
}

/** Whether the schedule is due in the UTC minute of `at`. */
export function cronMatches(schedule: CronSchedule, at: Date): boolean {
  if (!schedule.minutes.has(at.getUTCMinutes()) || !schedule.hours.has(at.getUTCHours())) return false;
  if (!schedule.months.has(at.getUTCMonth() + 1)) return false;
  const day = schedule.days.has(at.getUTCDate());
  const weekday = schedule.weekdays.has(at.getUTCDay());
  return schedule.eitherDay ? day || weekday : day && weekday;
}
