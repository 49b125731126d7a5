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

/**
 * Migrates one template database per run; every test file then clones its own database from it
 * (CREATE DATABASE … TEMPLATE), so files run in parallel and never see each other's rows.
 */
export default async function setup(project: TestProject) {
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
  project.provide('dbAdminUrl', server.adminUrl);
  project.provide('dbTemplate', template);
  return async () => {
    await adminQuery(server.adminUrl, `drop database if exists ${template} with (force)`).catch(() => {});
    await server.stop();
  };
}
