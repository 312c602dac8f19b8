import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, loggablePath } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

describe('logs keep no secrets', () => {
  it("drops a failed query's parameters and the database's detail, keeping the statement", () => {
    const { logger, text } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(secret-person@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into messages (content) values ($1)',
      ['MY-PRIVATE-MESSAGE', 'reset-token-123'],
      cause,
    );
    logger.error({ err: error }, 'unhandled error');
    const line = text();
    expect(line).toContain('insert into messages');
    expect(line).toContain('23505');
    for (const secret of ['MY-PRIVATE-MESSAGE', 'reset-token-123', 'secret-person@example.com'])
      expect(line).not.toContain(secret);
  });

  it('logs token paths without their token, and never a mailed link', () => {
    expect(loggablePath('/api/auth/reset-password/AbC123tok')).toBe('/api/auth/reset-password/[redacted]');
    expect(loggablePath('/api/shared-dates/s3cr3t/photo')).toBe('/api/shared-dates/[redacted]/photo');
    expect(loggablePath('/shared-date/s3cr3t')).toBe('/shared-date/[redacted]');
    expect(loggablePath('/api/profile')).toBe('/api/profile');
    const { logger, text } = capture();
    logger.info(
      { mailTo: 'a@example.com', link: 'https://vouch.example/api/auth/magic-link/verify?token=LINKTOKEN' },
      'mail',
    );
    expect(text()).not.toContain('LINKTOKEN');
  });
});
