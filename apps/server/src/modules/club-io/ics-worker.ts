/**
 * The import's reading process (decision 061): forked once per import by club-io.service.ts
 * through platform/child-task.ts, it parses and expands one calendar file and answers with what
 * it found. A file that makes ical.js loop is this process's problem: the server kills it at
 * IMPORT_DEADLINE_MS, and a new process (with nothing of this one's state) reads the next file.
 */
import { guardChild } from '../../platform/child-task.ts';
import { type ParsedCalendar, parseCalendar } from './ics-import.ts';

// Killed from inside too, past the deadline (a second longer than the server's) or once the
// server is gone: a stuck loop never outlives it.
guardChild(Number(process.argv[2] ?? 60_000) + 1_000);

export type IcsTask = { text: string; now: Date };
export type IcsAnswer = { ok: true; parsed: ParsedCalendar } | { ok: false; notCalendar: true };

process.once('message', async (task: IcsTask) => {
  let answer: IcsAnswer;
  try {
    answer = { ok: true, parsed: await parseCalendar(task.text, task.now) };
  } catch {
    // Only a text that is no calendar at all fails as a whole.
    answer = { ok: false, notCalendar: true };
  }
  process.send?.(answer);
});
// The server has what it asked for (or is gone): nothing is left to do.
process.on('disconnect', () => process.exit(0));
