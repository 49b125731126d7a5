import { uuidv7 } from 'uuidv7';
import { insertUser } from '../modules/auth/auth.repository.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { findUserByEmail } from '../platform/people.ts';
import type { Database } from './client.ts';
import { events, friendships, messages, rsvps } from './schema/index.ts';

export const DEMO_PASSWORD = 'townsquare-demo';

const DEMO_USERS = [
  {
    key: 'ada',
    email: 'ada@demo.townsquare.local',
    fullName: 'Ada Okafor',
    roles: ['Club_Founder', 'Member'],
    interests: ['Running', 'Board games', 'Volunteering'],
    bio: 'Founder of the Riverside Runners. Tea, trails and terrible puns.',
  },
  {
    key: 'ben',
    email: 'ben@demo.townsquare.local',
    fullName: 'Ben Laurent',
    roles: ['Member', 'Creator'],
    interests: ['Photography', 'Hiking'],
    bio: 'Weekend hiker with a camera. I post the best shots of every club outing.',
  },
  {
    key: 'corner_cafe',
    email: 'corner-cafe@demo.townsquare.local',
    fullName: 'The Corner Café',
    roles: ['Sponsor'],
    interests: ['Coffee', 'Live music'],
    bio: 'Neighbourhood café hosting open-mic nights and club meetups.',
  },
  {
    key: 'dana',
    email: 'dana@demo.townsquare.local',
    fullName: 'Dana Whitfield',
    roles: ['Member'],
    interests: ['Chess', 'Books', 'Running'],
    bio: 'New in town and saying yes to everything.',
  },
] as const;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Demo data for trying the app (SEED_DEMO=true or `npm run db:seed`): people, friendships,
 * events of every status, RSVPs and a few messages. Runs once: nothing happens if ada exists. */
export async function seedDemo(db: Database): Promise<string[]> {
  if (await findUserByEmail(db, DEMO_USERS[0].email)) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, string> = {};
  for (const { key, ...user } of DEMO_USERS) {
    const row = await insertUser(db, {
      ...user,
      roles: [...user.roles],
      interests: [...user.interests],
      username: key,
      passwordHash,
      profileCompleted: true,
      emailVerifiedAt: new Date(),
      isVerifiedCommunity: key === 'ada' || key === 'corner_cafe',
    });
    ids[key] = row.id;
  }
  const id = (key: string) => ids[key] ?? '';
  const pairs: [string, string][] = [
    ['ada', 'ben'],
    ['ada', 'dana'],
    ['ben', 'corner_cafe'],
  ];
  await db.insert(friendships).values(
    pairs.flatMap(([a, b]) => [
      { userId: id(a), friendId: id(b) },
      { userId: id(b), friendId: id(a) },
    ]),
  );

  const now = Date.now();
  const at = (days: number, hour: number) => {
    const d = new Date(now + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const demoEvents = [
    {
      creator: 'ada',
      title: 'Saturday park run',
      description:
        'An easy 5 km loop around Riverside Park. All paces welcome, coffee after at the Corner Café.',
      location: 'Riverside Park, north gate',
      start: at(3, 9),
      hours: 2,
      tags: ['Running', 'Outdoors', 'Social'],
      recurrence: 'WEEKLY',
      status: 'LIVE',
      visibility: 'PUBLIC',
    },
    {
      creator: 'corner_cafe',
      title: 'Open mic night',
      description: 'Bring a song, a poem or just your ears. Sign-up sheet at the bar from 6.30 pm.',
      location: 'The Corner Café, 12 Market Street',
      start: at(5, 19),
      hours: 3,
      tags: ['Music', 'Open mic'],
      recurrence: 'MONTHLY',
      status: 'LIVE',
      visibility: 'PUBLIC',
      cost: 5,
    },
    {
      creator: 'ada',
      title: 'Board games evening',
      description: 'Catan, Ticket to Ride and whatever you bring. Snacks provided.',
      location: 'Library community room',
      start: at(9, 18),
      hours: 3,
      tags: ['Board games', 'Indoors'],
      recurrence: 'NONE',
      status: 'LIVE',
      visibility: 'PRIVATE',
    },
    {
      creator: 'ben',
      title: 'Sunrise photo walk',
      description: 'Golden-hour walk along the canal. Any camera, phones included.',
      location: 'Canal lock 4',
      start: at(12, 6),
      hours: 2,
      tags: ['Photography', 'Outdoors'],
      recurrence: 'NONE',
      status: 'LIVE',
      visibility: 'PUBLIC',
    },
    {
      creator: 'ada',
      title: 'Club planning session',
      description: 'Planning the spring race calendar. Draft for now.',
      location: 'Online',
      start: at(14, 18),
      hours: 1,
      tags: ['Planning'],
      recurrence: 'NONE',
      status: 'DRAFT',
      visibility: 'PUBLIC',
    },
    {
      creator: 'ada',
      title: 'Autumn trail half marathon',
      description: 'Our biggest race of the year. Thanks to everyone who ran and cheered!',
      location: 'Hillside trailhead',
      start: at(-20, 8),
      hours: 4,
      tags: ['Running', 'Race'],
      recurrence: 'NONE',
      status: 'LIVE',
      visibility: 'PUBLIC',
    },
  ] as const;
  const eventIds: string[] = [];
  for (const e of demoEvents) {
    const eventId = uuidv7();
    eventIds.push(eventId);
    const cost = 'cost' in e ? e.cost : 0;
    await db.insert(events).values({
      id: eventId,
      creatorId: id(e.creator),
      title: e.title,
      description: e.description,
      location: e.location,
      startDate: e.start,
      endDate: new Date(e.start.getTime() + e.hours * HOUR),
      isFree: cost === 0,
      cost,
      status: e.status,
      visibility: e.visibility,
      recurrence: e.recurrence,
      tags: [...e.tags],
    });
  }
  const going: [number, string][] = [
    [0, 'ben'],
    [0, 'dana'],
    [1, 'ada'],
    [1, 'dana'],
    [2, 'ben'],
    [3, 'ada'],
    [5, 'ben'],
    [5, 'dana'],
  ];
  await db
    .insert(rsvps)
    .values(
      going.map(([i, key]) => ({ eventId: eventIds[i] ?? '', userId: id(key), status: 'going' as const })),
    );

  const dm = (a: string, b: string) => `dm:${[id(a), id(b)].sort().join('_')}`;
  const chat: { channel: string; sender: string; receiver?: string; content: string }[] = [
    {
      channel: 'general',
      sender: 'corner_cafe',
      content: 'Welcome to Townsquare, neighbours! Open mic is back this week.',
    },
    { channel: 'general', sender: 'dana', content: 'Hi all, just moved here. Any running clubs?' },
    {
      channel: 'general',
      sender: 'ada',
      content: 'Riverside Runners meets every Saturday at 9, come along!',
    },
    {
      channel: dm('ada', 'ben'),
      sender: 'ada',
      receiver: 'ben',
      content: 'Could you take photos at the park run?',
    },
    {
      channel: dm('ada', 'ben'),
      sender: 'ben',
      receiver: 'ada',
      content: 'Happy to! I will bring the big lens.',
    },
    {
      channel: `event:${eventIds[0]}`,
      sender: 'dana',
      content: 'First time joining. Is 7 min/km pace okay?',
    },
    { channel: `event:${eventIds[0]}`, sender: 'ada', content: 'Absolutely, nobody gets left behind.' },
  ];
  for (const [i, m] of chat.entries()) {
    await db.insert(messages).values({
      id: uuidv7(),
      channel: m.channel,
      senderId: id(m.sender),
      receiverId: m.receiver ? id(m.receiver) : null,
      content: m.content,
      createdAt: new Date(now - (chat.length - i) * 10 * 60_000),
    });
  }
  return DEMO_USERS.map((u) => u.email);
}
