import type { App } from '../../platform/http.ts';
import { cron } from '../../platform/jobs.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import { createAuthGuards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { GuestService } from '../guests/guests.service.ts';
import { purgeExpired } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createAccessTokens } from './tokens.ts';

/** Accounts, sessions and the account mail: the guards every other module's routes use. */
export function register(
  app: App,
  deps: Kernel & { guests: Later<GuestService>; publisher: Later<Publisher> },
) {
  const { db, jobs, config } = deps;
  const tokens = createAccessTokens(deps.secrets.jwtSecret);
  const auth = createAuthService({
    db,
    tokens,
    mailer: deps.mailer,
    jobs,
    links: deps.links,
    limiter: deps.limiter,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    onSessionsRevoked: (sessionIds, elsewhere) => deps.publisher().disconnectSessions(sessionIds, elsewhere),
    claimGuestAnswers: (tx, userId, email) => deps.guests().claimWithin(tx, userId, email),
  });
  const guards = createAuthGuards(auth);
  authRoutes(app, auth, guards, deps.limiter);
  deps.onStart(async () => {
    await auth.startMailWorker();
    await cron(jobs, 'housekeeping', '7 * * * *', () => purgeExpired(db));
  });
  return { auth, guards, tokens };
}
