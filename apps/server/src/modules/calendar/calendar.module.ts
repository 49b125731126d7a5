import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService } from './calendar.service.ts';

/** Calendar feeds (a private URL per person) and one event's `.ics`. */
export function register(app: App, deps: Kernel & { guards: Guards }) {
  const calendar = createCalendarService({
    db: deps.db,
    publicUrl: deps.config.publicUrl,
    links: deps.links,
  });
  calendarRoutes(app, calendar, deps.guards);
  return calendar;
}
