import { describe, expect, it } from 'vitest';
import { eventTimeText } from './event-time.ts';

const event = {
  startDate: '2026-07-02T17:00:00.000Z',
  endDate: '2026-07-02T18:30:00.000Z',
  timeZone: 'Europe/Berlin',
};

describe('eventTimeText', () => {
  it("shows the event's local time, and the viewer's when their zone differs", () => {
    const text = eventTimeText(event, 'America/New_York');
    expect(text.date).toBe('Thursday, July 2, 2026');
    expect(text.time).toBe('7:00 PM - 8:30 PM (CEST)');
    expect(text.yours).toBe('Thursday, July 2, 2026, 1:00 PM - 2:30 PM (EDT)');
  });

  it('shows one time when the viewer is in the same zone (or one with the same offset)', () => {
    expect(eventTimeText(event, 'Europe/Berlin').yours).toBeNull();
    expect(eventTimeText(event, 'Europe/Paris').yours).toBeNull();
  });

  it('names the end day when the event ends on another day', () => {
    const late = { ...event, endDate: '2026-07-02T23:30:00.000Z' };
    expect(eventTimeText(late, 'Europe/Berlin').time).toBe('7:00 PM - Friday, July 3, 2026, 1:30 AM (CEST)');
  });

  it("without a viewer zone (the server's render and the app's first render of it): only the event's", () => {
    expect(eventTimeText(event, null)).toEqual({
      date: 'Thursday, July 2, 2026',
      time: '7:00 PM - 8:30 PM (CEST)',
      yours: null,
    });
    const { timeZone: _, ...zoneless } = event;
    expect(eventTimeText(zoneless, null).time).toBe('5:00 PM - 6:30 PM (UTC)');
  });
});
