import type { QueryClient } from '@tanstack/react-query';
import type { SignupItem } from '@townsquare/contracts';
import { applyLiveUpdate } from '../../../lib/live-update.ts';
import { signupKeys } from './keys.ts';

/** Puts one item as it now is into the event's cached sheet (null: it was deleted), live or answered. */
export function putItem(
  queryClient: QueryClient,
  eventId: string,
  itemId: string,
  item: SignupItem | null,
): void {
  applyLiveUpdate<SignupItem[]>(queryClient, signupKeys.sheet(eventId), (items) => {
    if (!item) return items.filter((i) => i.id !== itemId);
    return items.some((i) => i.id === itemId)
      ? items.map((i) => (i.id === itemId ? item : i))
      : [...items, item];
  });
}
