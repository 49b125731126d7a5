import pino from 'pino';

/** The one logger: pino, JSON lines, secrets redacted. Fastify uses it for request logs too. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.newPassword',
      '*.currentPassword',
    ],
  });
}
