import { registerChatRealtime } from '../features/chat/realtime.ts';
import { registerEventsRealtime } from '../features/events/realtime.ts';
import { registerFriendsRealtime } from '../features/friends/realtime.ts';
import { registerGroupsRealtime } from '../features/groups/realtime.ts';
import { registerModerationRealtime } from '../features/moderation/realtime.ts';
import { registerNotificationsRealtime } from '../features/notifications/realtime.ts';
import { registerPollsRealtime } from '../features/polls/realtime.ts';
import { registerSignupsRealtime } from '../features/signups/realtime.ts';
import type { RealtimeDeps, RealtimeSocket } from '../lib/socket.ts';

/**
 * Every feature's realtime module on one socket; returns the function that unsubscribes them all.
 * Loaded with the socket, after sign-in, so none of it weighs on the first page load.
 */
export function startRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  const stops = [
    registerChatRealtime(socket, deps),
    registerFriendsRealtime(socket, deps),
    registerGroupsRealtime(socket, deps),
    registerEventsRealtime(socket, deps),
    registerModerationRealtime(socket, deps),
    registerNotificationsRealtime(socket, deps),
    registerPollsRealtime(socket, deps),
    registerSignupsRealtime(socket, deps),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
