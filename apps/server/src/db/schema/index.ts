export * from './email-tokens.ts';
export * from './sessions.ts';
export * from './users.ts';
