import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadEnv, parseEnv } from './env';

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

  it('reads a .env file at start-up, under what the environment already says, and never in test runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-env-'));
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, 'SUPPORT_EMAIL=from-file@vouch.example.com\nPORT=4100\n');
    // (The test runner sets BASE_URL='/' for its own use: out of the way here.)
    const saved = {
      NODE_ENV: process.env.NODE_ENV,
      PORT: process.env.PORT,
      SUPPORT_EMAIL: process.env.SUPPORT_EMAIL,
      BASE_URL: process.env.BASE_URL,
    };
    try {
      delete process.env.SUPPORT_EMAIL;
      delete process.env.BASE_URL;
      process.env.PORT = '4200';
      expect(loadEnv(file).SUPPORT_EMAIL).toBeUndefined(); // NODE_ENV=test: the file is not read
      process.env.NODE_ENV = 'development';
      const env = loadEnv(file);
      expect(env.SUPPORT_EMAIL).toBe('from-file@vouch.example.com');
      expect(env.PORT).toBe(4200);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it("takes the site's contact details as set, an empty value as unset, and refuses what is not an address", () => {
    expect(parseEnv({}).SUPPORT_EMAIL).toBeUndefined();
    expect(parseEnv({ SUPPORT_EMAIL: '' }).SUPPORT_EMAIL).toBeUndefined();
    expect(parseEnv({ SUPPORT_EMAIL: 'help@vouch.example.com' }).SUPPORT_EMAIL).toBe('help@vouch.example.com');
    expect(() => parseEnv({ SUPPORT_EMAIL: 'not an email' })).toThrow(/SUPPORT_EMAIL/);
    expect(parseEnv({ SOCIAL_X_URL: 'https://x.com/vouchdating' }).SOCIAL_X_URL).toBe('https://x.com/vouchdating');
    expect(() => parseEnv({ SOCIAL_X_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_X_URL/);
  });
});
