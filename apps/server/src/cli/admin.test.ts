import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

const run = promisify(execFile);
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'admin.ts');

const t = useTestApp();

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin', () => {
  it('grants, lists and revokes the platform-admin flag', async () => {
    const user = await createUser(t);
    expect(user.user.isAdmin).toBe(false);

    const granted = await admin('grant', user.email.toUpperCase());
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`${user.email} is now a platform admin`);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(me.json().isAdmin).toBe(true);

    expect((await admin('list')).stdout).toContain(user.email);

    expect((await admin('revoke', user.email)).code).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(after.json().isAdmin).toBe(false);

    // Both are in the audit log, with no actor (the command line).
    const audit = await t.db.execute<{ action: string; actor_id: string | null }>(
      sql`select action, actor_id from audit_log where subject_id = ${user.user.id} order by id`,
    );
    expect(audit.rows).toEqual([
      { action: 'admin.grant', actor_id: null },
      { action: 'admin.revoke', actor_id: null },
    ]);
  });

  it('says so when the account does not exist, and explains its usage', async () => {
    const missing = await admin('grant', 'ghost@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no account with the e-mail ghost@example.com');
    const usage = await admin('promote');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run admin -- grant <email>');
  });
});
