import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Secrets and personal data never reach a log line, whatever a caller passes.
    redact: ['password', 'newPassword', 'token', '*.password', '*.token', 'headers.cookie'],
  });
}
