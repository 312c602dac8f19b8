import pino from 'pino';

export type Logger = pino.Logger;

/** Path segments that are secrets themselves: a reset token, a shared date's link. */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/api\/auth\/reset-password\/)[^/]+/, '$1[redacted]'],
  [/^(\/api\/shared-dates\/)[^/]+/, '$1[redacted]'],
  [/^(\/shared-date\/)[^/]+/, '$1[redacted]'],
];

/** A request path as it may be logged. */
export function loggablePath(path: string): string {
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(path)) return path.replace(pattern, replacement);
  return path;
}

/**
 * An error as it may be logged. A failed query's error carries the statement's parameters
 * (message texts, emails, tokens), in `params` and at the end of its message: both go, and so
 * does the detail of the database's own error in `cause`; the statement and the codes stay.
 */
function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as Record<string, unknown>;
  delete serialized.params;
  // PostgreSQL's detail repeats values ("Key (email)=(…) already exists").
  delete serialized.detail;
  if (typeof serialized.message === 'string')
    serialized.message = serialized.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  if (typeof serialized.stack === 'string')
    serialized.stack = serialized.stack.replace(/\nparams: [\s\S]*?(\n\s+at |$)/, '\nparams: [redacted]$1');
  if (error.cause) serialized.cause = loggableError(error.cause);
  return serialized;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Secrets and personal data never reach a log line, whatever a caller passes.
      redact: ['password', 'newPassword', 'token', '*.password', '*.token', 'headers.cookie', 'link', '*.link'],
      serializers: { err: loggableError, error: loggableError },
    },
    destination,
  );
}
