import { type SearchResponse, searchQuery, searchResponse } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import { friendsGoingFor } from '../../platform/event-rows.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import { effectiveStatus, presentFriendsGoing } from '../events/events.presenter.ts';
import { shownLocations } from '../events/events.service.ts';
import { searchEvents, searchUsers } from './search.repository.ts';

const LIMIT = 10;

/**
 * GET /api/search?q=: people, events and communities (the header's one box), at most 10
 * of each, only what the caller may see.
 */
export function searchRoutes(
  app: App,
  db: Database,
  guards: Guards,
  communities: Pick<CommunitiesService, 'discover'>,
): void {
  app.get(
    '/api/search',
    routeOptions(['search'], guards.optionalAuth, { security: false })({
      querystring: searchQuery,
      response: { 200: searchResponse, ...errors(400, 401) },
    }),
    async (request): Promise<SearchResponse> => {
      const q = request.query.q?.trim() ?? '';
      if (q === '') return { users: [], events: [], communities: [] };
      const viewerId = request.auth?.user.id;
      // Communities as discovery finds them (GET /api/communities?q=): most members first.
      const [people, found, clubs] = await Promise.all([
        searchUsers(db, q, LIMIT, viewerId),
        searchEvents(db, q, viewerId, LIMIT),
        communities.discover(viewerId, q, LIMIT),
      ]);
      // An ATTENDEES event's address only for those who know it (decision 044).
      const where = await shownLocations(db, found, viewerId);
      // The events found are the ones the viewer may see: their friends going, in one query.
      const friends = viewerId
        ? await friendsGoingFor(
            db,
            viewerId,
            found.map((e) => e.id),
          )
        : undefined;
      return {
        users: people.map((u) => ({
          id: u.id,
          _id: u.id,
          username: u.username ?? '',
          fullName: u.fullName,
          interests: u.interests,
          profileImage: u.profileImage,
        })),
        events: found.map((e) => ({
          id: e.id,
          _id: e.id,
          title: e.title,
          description: e.description,
          startDate: e.startDate.toISOString(),
          endDate: e.endDate.toISOString(),
          location: where.get(e.id) ?? e.location,
          tags: e.tags,
          status: effectiveStatus(e),
          ...(e.imageUrl ? { imageUrl: e.imageUrl } : {}),
          ...(viewerId ? { friendsGoing: presentFriendsGoing(friends?.get(e.id), viewerId) } : {}),
        })),
        communities: clubs.map(({ community: c }) => ({
          id: c.id,
          _id: c.id,
          slug: c.slug,
          name: c.name,
          location: c.location,
          memberCount: c.memberCount,
          imageUrl: c.imageUrl,
        })),
      };
    },
  );
}
