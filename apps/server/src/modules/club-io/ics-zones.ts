import { isValidTimeZone, offsetMinutes } from '@townsquare/contracts';
import ICAL from 'ical.js';
import { WINDOWS_ZONES, windowsZoneToIana } from './windows-zones.ts';

/**
 * The zone a TZID of an imported file names (decision 070). Townsquare keeps every event in an
 * IANA zone, so a file's own zone is matched to one: an IANA name as it is (also inside a
 * `/mozilla.org/…/Europe/Berlin` path), a Windows name (Outlook, Exchange) through the CLDR table,
 * and a VTIMEZONE of any other name by its rules (its offsets, day by day, over the span imports
 * look at). A VTIMEZONE that matches no IANA zone still gives its events the right instants,
 * computed from its own rules; only then is there no zone to name (and no series of ours).
 */

type IcalZone = InstanceType<typeof ICAL.Timezone>;
export type ResolvedZone = { kind: 'iana'; iana: string } | { kind: 'file'; ical: IcalZone };

const DAY_MS = 86_400_000;

/** An IANA zone named by a TZID, also in the `/mozilla.org/20050126_1/Europe/Berlin` style. */
export function ianaName(tzid: string): string | undefined {
  if (isValidTimeZone(tzid)) return tzid;
  const parts = tzid.split('/');
  for (let i = 1; i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    if (tail.includes('/') && isValidTimeZone(tail)) return tail;
  }
  return undefined;
}

let zoneList: string[] | undefined;
const allZones = () => {
  zoneList ??= Intl.supportedValuesOf('timeZone');
  return zoneList;
};

/** The zone's offsets (minutes east of UTC) at noon of each day. */
function fileOffsets(zone: IcalZone, days: number[]): number[] {
  return days.map((ms) => {
    const d = new Date(ms);
    const time = new ICAL.Time(
      {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: 12,
        minute: 0,
        second: 0,
        isDate: false,
      },
      zone,
    );
    return Math.round(zone.utcOffset(time) / 60);
  });
}

/** An `Etc/GMT±h` zone (POSIX signs: east of UTC is minus) for a whole-hour offset. */
const fixedZone = (minutes: number) =>
  minutes === 0 ? 'UTC' : `Etc/GMT${minutes > 0 ? '-' : '+'}${Math.abs(minutes) / 60}`;

/**
 * The IANA zone whose offsets are the file zone's on every day of the span, looked for in this
 * order: the Windows zone the TZID names, zones whose city the TZID names ("(UTC+01:00) Amsterdam,
 * Berlin, …"), each Windows zone's main IANA zone (CLDR's order, so the common "W. Europe" rules
 * give Europe/Berlin), for a zone without changes an `Etc/GMT` zone, then any other zone.
 */
function matchRules(tzid: string, zone: IcalZone, days: number[]): string | undefined {
  const offsets = fileOffsets(zone, days);
  const probes = [
    0,
    Math.floor(days.length / 4),
    Math.floor(days.length / 2),
    Math.floor((3 * days.length) / 4),
  ];
  const same = (iana: string) => {
    for (const i of probes) if (offsetMinutes(iana, new Date(days[i] ?? 0)) !== offsets[i]) return false;
    return days.every((ms, i) => offsetMinutes(iana, new Date(ms)) === offsets[i]);
  };
  const named: string[] = [];
  const windows = windowsZoneToIana(tzid);
  if (windows) named.push(windows);
  const text = tzid.toLowerCase();
  for (const iana of allZones()) {
    const city = (iana.split('/').at(-1) ?? '').replace(/_/g, ' ').toLowerCase();
    if (city.length > 3 && text.includes(city)) named.push(iana);
  }
  for (const iana of named) if (same(iana)) return iana;
  const fixed = offsets.every((o) => o === offsets[0]);
  if (fixed && (offsets[0] ?? 0) % 60 === 0) return fixedZone(offsets[0] ?? 0);
  for (const { iana } of WINDOWS_ZONES) if (same(iana)) return iana;
  for (const iana of allZones()) if (same(iana)) return iana;
  return undefined;
}

/**
 * Resolves the TZIDs of one file: `defined` are the zones its VTIMEZONEs define (by TZID), `now`
 * centres the span their rules are compared over (a year back, two ahead). Each TZID is resolved
 * once; an unknown one (no IANA or Windows name, no VTIMEZONE) answers undefined.
 */
export function zoneResolver(defined: Map<string, IcalZone>, now: Date) {
  const first = Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate(), 12);
  const days: number[] = [];
  for (let ms = first; ms < first + 3 * 365 * DAY_MS; ms += DAY_MS) days.push(ms);
  const cache = new Map<string, ResolvedZone | undefined>();
  return (tzid: string): ResolvedZone | undefined => {
    if (cache.has(tzid)) return cache.get(tzid);
    let resolved: ResolvedZone | undefined;
    const iana = ianaName(tzid);
    const zone = defined.get(tzid);
    if (iana) resolved = { kind: 'iana', iana };
    else if (zone) {
      const matched = matchRules(tzid, zone, days);
      resolved = matched ? { kind: 'iana', iana: matched } : { kind: 'file', ical: zone };
    } else {
      const windows = windowsZoneToIana(tzid);
      resolved = windows ? { kind: 'iana', iana: windows } : undefined;
    }
    cache.set(tzid, resolved);
    return resolved;
  };
}
