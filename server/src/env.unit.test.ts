import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.BASE_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/data$/);
  });

  it('refuses bad values, naming each one', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('refuses the development secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    const env = parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40) });
    expect(env.isProduction).toBe(true);
  });
});
