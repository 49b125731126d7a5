import type { EventDto } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import type { EventInput } from '../../events/api/create-event.ts';
import { pollPath } from './keys.ts';

/**
 * POST /api/polls/:id/finalize { optionId, event } → { event }: the kept date becomes the event,
 * as the host finished it in the event form (`event`; without it, made from the poll).
 */
export async function finalizePoll(
  id: string,
  body: { optionId: string; status?: 'DRAFT' | 'LIVE'; event?: EventInput },
): Promise<EventDto> {
  return (await api.post<{ event: EventDto }>(`${pollPath(id)}/finalize`, body)).event;
}
