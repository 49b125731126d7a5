import { describe, expect, it } from 'vitest';
import { createEventDto } from './event-fixtures.ts';
import { isEventCreator, isPastEvent, showsEndedWarning, statusForSave } from './event-status.ts';

const now = new Date('2030-06-01T12:00:00.000Z');
const before = new Date('2030-06-01T11:59:00.000Z');
const after = new Date('2030-06-01T12:01:00.000Z');

describe('status rules (spec 4)', () => {
  it('Save as Draft always sets DRAFT', () => {
    expect(statusForSave('draft', after, now)).toBe('DRAFT');
    expect(statusForSave('draft', before, now)).toBe('DRAFT');
  });

  it('Create/Update Event sets LIVE, or PAST when the end is already before now', () => {
    expect(statusForSave('publish', after, now)).toBe('LIVE');
    expect(statusForSave('publish', before, now)).toBe('PAST');
  });

  it('treats a published event whose end has passed as past, but never a draft', () => {
    const ended = { endDate: before.toISOString() };
    expect(isPastEvent({ ...ended, status: 'LIVE' }, now)).toBe(true);
    expect(isPastEvent({ ...ended, status: 'DRAFT' }, now)).toBe(false);
    expect(isPastEvent({ endDate: after.toISOString(), status: 'LIVE' }, now)).toBe(false);
    expect(isPastEvent({ endDate: after.toISOString(), status: 'PAST' }, now)).toBe(true);
  });

  it('warns when editing an ended event that is not a draft', () => {
    expect(showsEndedWarning({ status: 'LIVE', endDate: before.toISOString() }, now)).toBe(true);
    expect(showsEndedWarning({ status: 'PAST', endDate: before.toISOString() }, now)).toBe(true);
    expect(showsEndedWarning({ status: 'DRAFT', endDate: before.toISOString() }, now)).toBe(false);
    expect(showsEndedWarning({ status: 'LIVE', endDate: after.toISOString() }, now)).toBe(false);
  });

  it('knows the creator by creator id, creatorId or a creator string (spec 6)', () => {
    const event = createEventDto({ creatorId: 'u1', creator: { id: 'u1', _id: 'u1', username: 'ada' } });
    expect(isEventCreator(event, 'u1')).toBe(true);
    expect(isEventCreator(event, 'u2')).toBe(false);
    expect(isEventCreator(event, undefined)).toBe(false);
    expect(isEventCreator({ creator: { _id: 'u3' } }, 'u3')).toBe(true);
    expect(isEventCreator({ creator: 'u4' }, 'u4')).toBe(true);
  });
});
