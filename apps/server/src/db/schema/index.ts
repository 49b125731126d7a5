export * from './email-tokens.ts';
export * from './sessions.ts';
export * from './uploads.ts';
export * from './users.ts';
