import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { adminQuery, databaseUrl, resolveTestServer } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbAdminUrl: string;
    dbTemplate: string;
  }
}

type Template = { adminUrl: string; template: string; teardown: () => Promise<void> };

/**
 * Vitest runs a global setup once per project (`server` and `server-alone`), in the one main
 * process: the template is migrated by the first and shared with the second through this key, and
 * dropped when the last has finished.
 */
const SHARED = Symbol.for('townsquare.test.template');
const shared = globalThis as typeof globalThis & {
  [SHARED]?: { template: Promise<Template>; users: number };
};

async function migrateTemplate(): Promise<Template> {
  const server = await resolveTestServer();
  const template = `townsquare_tpl_${randomBytes(4).toString('hex')}`;
  await adminQuery(server.adminUrl, `create database ${template}`);
  const handle = createDb(databaseUrl(server.adminUrl, template), { max: 2 });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  process.stdout.write(`server tests use PostgreSQL from ${server.source}\n`);
  return {
    adminUrl: server.adminUrl,
    template,
    teardown: async () => {
      await adminQuery(server.adminUrl, `drop database if exists ${template} with (force)`).catch(() => {});
      await server.stop();
    },
  };
}

/**
 * Migrates one template database per run; every test file then clones its own database from it
 * (CREATE DATABASE … TEMPLATE), so files run in parallel and never see each other's rows.
 */
export default async function setup(project: TestProject) {
  shared[SHARED] ??= { template: migrateTemplate(), users: 0 };
  const entry = shared[SHARED];
  entry.users += 1;
  const { adminUrl, template } = await entry.template;
  project.provide('dbAdminUrl', adminUrl);
  project.provide('dbTemplate', template);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared[SHARED];
    await (await entry.template).teardown();
  };
}
