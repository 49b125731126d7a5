import { loadConfig } from '../config.ts';
import { seedDemo } from '../db/seed.ts';
import { openDatabase } from './database.ts';

/** `npm run db:seed`: adds the demo accounts (idempotent). */
const handle = await openDatabase(loadConfig());
try {
  const created = await seedDemo(handle.db);
  process.stdout.write(
    created.length
      ? `created ${created.join(', ')} (password: townsquare-demo)\n`
      : 'demo data already present\n',
  );
} finally {
  await handle.close();
}
