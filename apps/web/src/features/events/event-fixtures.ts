import type { EventDto, ViewerRsvp } from '@townsquare/contracts';

let seq = 0;

/** An event as the list and detail endpoints send it (tests only); every call gets its own id. */
export function createEventDto(overrides: Partial<EventDto> = {}): EventDto {
  seq += 1;
  const id = `0190a0b0-0000-7000-9000-${String(seq).padStart(12, '0')}`;
  const creatorId = overrides.creatorId ?? '0190a0b0-0000-7000-8000-00000000c0de';
  return {
    id,
    _id: id,
    title: `Riverside park run ${seq}`,
    description: 'An easy 5 km along the river.',
    location: 'Riverside Park, north gate',
    startDate: '2030-03-08T09:00:00.000Z',
    endDate: '2030-03-08T11:00:00.000Z',
    allDay: false,
    cost: 0,
    isFree: true,
    status: 'LIVE',
    visibility: 'PUBLIC',
    recurrence: 'NONE',
    tags: ['Running', 'Outdoors'],
    imageUrl: undefined,
    creatorId,
    creator: { id: creatorId, _id: creatorId, username: 'ada' },
    rsvps: [],
    attendeeCount: 0,
    maybeCount: 0,
    myRsvp: null,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The viewer's own answer as the event page receives it (tests only). */
export function createViewerRsvp(overrides: Partial<ViewerRsvp> = {}): ViewerRsvp {
  return {
    status: 'going',
    waitlistPosition: null,
    offerExpiresAt: null,
    guests: [],
    answers: {},
    checkedIn: false,
    ...overrides,
  };
}
