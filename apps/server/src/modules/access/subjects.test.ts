import { describe, expect, it } from 'vitest';
import { notFound } from '../../platform/errors.ts';
import { createSubjectRules } from './subjects.ts';

/**
 * "Not visible" and "could not find out" are different answers: a notification is dropped for
 * the first, while the second must fail its job so that the queue retries it (a pool wait or a
 * lost connection under load never silently loses a waitlist offer).
 */
describe('createSubjectRules', () => {
  const rules = (canSeeEvent: () => Promise<void>) =>
    createSubjectRules({
      canSeeEvent,
      communityVisibleTo: async () => true,
      canReadChannel: async () => true,
      pollVisibleTo: async () => true,
    });

  it('answers false when the event is out of sight (the rule says 404)', async () => {
    const canSee = rules(() => Promise.reject(notFound('Event not found')));
    expect(await canSee('u', { type: 'event', id: 'e' })).toBe(false);
  });

  it('answers true when the rule resolves', async () => {
    expect(await rules(() => Promise.resolve())('u', { type: 'event', id: 'e' })).toBe(true);
  });

  it('throws what is not an answer (a database error), so the caller can retry', async () => {
    const canSee = rules(() => Promise.reject(new Error('timeout exceeded when trying to connect')));
    await expect(canSee('u', { type: 'event', id: 'e' })).rejects.toThrow('timeout exceeded');
  });
});
