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
    const env = parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40), SMTP_URL: 'smtp://mail.example.com' });
    expect(env.isProduction).toBe(true);
  });

  it('listens on this machine alone outside production, and everywhere in production unless told', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40), SMTP_URL: 'smtp://mail.example.com' };
    expect(parseEnv(production).HOST).toBe('0.0.0.0');
    expect(parseEnv({ ...production, HOST: '10.1.2.3' }).HOST).toBe('10.1.2.3');
  });

  it('refuses to start in production without SMTP, unless told that mail may be dropped', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40) };
    expect(() => parseEnv(production)).toThrow(/SMTP_URL/);
    expect(parseEnv({ ...production, MAIL_DISABLED: 'true' }).MAIL_DISABLED).toBe(true);
    expect(parseEnv({}).MAIL_DISABLED).toBe(false);
  });

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the site\'s contact details as set, an empty value as unset, and refuses what is not an address', () => {
    expect(parseEnv({}).SUPPORT_EMAIL).toBeUndefined();
    expect(parseEnv({ SUPPORT_EMAIL: '' }).SUPPORT_EMAIL).toBeUndefined();
    expect(parseEnv({ SUPPORT_EMAIL: 'help@vouch.example.com' }).SUPPORT_EMAIL).toBe('help@vouch.example.com');
    expect(() => parseEnv({ SUPPORT_EMAIL: 'not an email' })).toThrow(/SUPPORT_EMAIL/);
    expect(parseEnv({ SOCIAL_X_URL: 'https://x.com/vouchdating' }).SOCIAL_X_URL).toBe('https://x.com/vouchdating');
    expect(() => parseEnv({ SOCIAL_X_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_X_URL/);
  });
});
