import { loadConfig } from '../config.ts';
import { recordAudit } from '../modules/moderation/moderation.repository.ts';
import { listAdmins, setAdminByEmails } from '../modules/users/users.repository.ts';
import { findUserByEmail } from '../platform/people.ts';
import { openDatabase } from './database.ts';

/**
 * `npm run admin -- grant <email>` | `revoke <email>` | `list`: the platform-admin flag.
 * Works on DATABASE_URL or, without it, on the embedded database (stop the server first).
 */
const [command, email] = process.argv.slice(2);
const usage = 'usage: npm run admin -- grant <email> | revoke <email> | list';

if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

const handle = await openDatabase(loadConfig());
try {
  if (command === 'list') {
    const admins = await listAdmins(handle.db);
    process.stdout.write(
      admins.length
        ? `${admins.map((a) => `${a.email}${a.username ? ` (${a.username})` : ''}`).join('\n')}\n`
        : 'no platform admins\n',
    );
  } else {
    const address = (email ?? '').trim().toLowerCase();
    const changed = await setAdminByEmails(handle.db, [address], command === 'grant');
    if (changed.length === 0) {
      process.stderr.write(`no account with the e-mail ${address}\n`);
      process.exitCode = 1;
    } else {
      const user = await findUserByEmail(handle.db, address);
      if (user)
        await recordAudit(handle.db, {
          actorId: null,
          action: command === 'grant' ? 'admin.grant' : 'admin.revoke',
          subjectType: 'user',
          subjectId: user.id,
          details: { via: 'command line' },
        });
      process.stdout.write(`${address} is ${command === 'grant' ? 'now' : 'no longer'} a platform admin\n`);
    }
  }
} finally {
  await handle.close();
}
