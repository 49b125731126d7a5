export * from './auth.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './health.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './users.ts';
