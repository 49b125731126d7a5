export * from './email-tokens.ts';
export * from './events.ts';
export * from './friends.ts';
export * from './groups.ts';
export * from './messages.ts';
export * from './sessions.ts';
export * from './uploads.ts';
export * from './users.ts';
