import { randomUUID } from 'node:crypto';
import type { CreateEventInput, UpdateEventInput } from '@townsquare/contracts';
import type { EventQuestion, events } from '../../db/schema/index.ts';

type CapacityInput = Pick<
  CreateEventInput | UpdateEventInput,
  'capacity' | 'offerHours' | 'maxGuests' | 'allowTransfers' | 'questions'
>;

/** The capacity columns; a series template has the same ones (copied onto its occurrences). */
export type CapacityColumns = Partial<
  Pick<typeof events.$inferInsert, 'capacity' | 'offerHours' | 'maxGuests' | 'allowTransfers' | 'questions'>
>;

/**
 * The capacity columns a create or update sets (only those sent). A question keeps its id when
 * the host sends it back, so earlier answers stay attached; a new one gets a fresh id.
 */
export function capacityValues(input: CapacityInput, current: EventQuestion[] = []): CapacityColumns {
  const values: CapacityColumns = {};
  if (input.capacity !== undefined) values.capacity = input.capacity;
  if (input.offerHours !== undefined) values.offerHours = input.offerHours;
  if (input.maxGuests !== undefined) values.maxGuests = input.maxGuests;
  if (input.allowTransfers !== undefined) values.allowTransfers = input.allowTransfers;
  if (input.questions !== undefined) {
    const known = new Set(current.map((q) => q.id));
    values.questions = input.questions.map((q) => ({
      id: q.id && known.has(q.id) ? q.id : randomUUID().slice(0, 8),
      text: q.text,
      required: q.required,
    }));
  }
  return values;
}
