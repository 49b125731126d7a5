import { hashPassword } from '../modules/auth/password.ts';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.ts';
import type { Database } from './client.ts';

export const DEMO_PASSWORD = 'townsquare-demo';

const DEMO_USERS = [
  {
    email: 'ada@demo.townsquare.local',
    username: 'ada',
    fullName: 'Ada Okafor',
    roles: ['Club_Founder', 'Member'],
    interests: ['Running', 'Board games'],
    bio: 'Founder of the Riverside Runners.',
  },
  {
    email: 'ben@demo.townsquare.local',
    username: 'ben',
    fullName: 'Ben Laurent',
    roles: ['Member'],
    interests: ['Photography', 'Hiking'],
    bio: 'Weekend hiker with a camera.',
  },
  {
    email: 'corner-cafe@demo.townsquare.local',
    username: 'corner_cafe',
    fullName: 'The Corner Café',
    roles: ['Sponsor'],
    interests: ['Coffee', 'Live music'],
    bio: 'Neighbourhood café hosting open-mic nights.',
  },
];

/** Demo accounts for trying the app (SEED_DEMO=true or `npm run db:seed`). Safe to run twice. */
export async function seedDemo(db: Database): Promise<string[]> {
  const created: string[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    if (await findUserByEmail(db, user.email)) continue;
    await insertUser(db, { ...user, passwordHash, profileCompleted: true, emailVerifiedAt: new Date() });
    created.push(user.email);
  }
  return created;
}
