import type { Executor } from '../../db/client.ts';
import { rowById } from '../../db/rows.ts';
import { messages } from '../../db/schema/index.ts';

/**
 * A message by id, whichever room it is in (decision 068): what every rule about one message
 * starts from (who may delete it, report it, hide it, be told of it).
 */
export async function findMessage(db: Executor, id: string) {
  return rowById(db, messages, id);
}
