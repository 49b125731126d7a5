import { describe, expect, it } from 'vitest';
import { createSeriesBody } from './calendar.ts';
import { CAPACITY_MSG } from './capacity.ts';
import { createEventBody, EVENT_MSG } from './events.ts';

const event = {
  title: 'Board games',
  description: 'Bring one',
  location: 'Library',
  startDate: '2030-01-01T10:00:00Z',
  endDate: '2030-01-01T09:00:00Z',
};
const messages = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message);

describe('cross-field checks (decision 069)', () => {
  it('run even when another field failed, after it, so a form can list every problem', () => {
    // A number field typed empty fails in its own pipeline, which made zod skip the refinements.
    const typed = { ...event, title: ' ', maxGuests: '' };
    const expected = [EVENT_MSG.titleRequired, CAPACITY_MSG.maxGuestsInvalid, EVENT_MSG.endBeforeStart];
    expect(messages(createEventBody.safeParse(typed))).toEqual(expected);
    expect(messages(createSeriesBody.safeParse({ ...typed, freq: 'weekly' }))).toEqual(expected);
  });

  it('refuse what is not an object without throwing', () => {
    for (const body of [null, undefined, 'x', 1, []]) {
      expect(createEventBody.safeParse(body).success).toBe(false);
      expect(createSeriesBody.safeParse(body).success).toBe(false);
    }
  });
});
