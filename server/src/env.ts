import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads process.env. The server refuses to start when a value is
 * wrong, listing every bad key, so a typo never turns into a silent default.
 */
export const DEV_SECRET = 'vouch-development-secret-change-me-please-0123456789';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Where to listen: by default every interface in production and this machine alone otherwise. */
    HOST: z.string().min(1).optional(),
    BASE_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').default(DEV_SECRET),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Vouch <no-reply@vouch.local>'),
    /** Production without SMTP drops mail only when this says so; otherwise it refuses to start. */
    MAIL_DISABLED: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * How many proxies of our own stand in front of the server (each appends to X-Forwarded-For):
     * 'false' or 0 for none, 'true' for one, or a number.
     */
    TRUST_PROXY: z
      .union([z.enum(['true', 'false']), z.string().regex(/^\d+$/, "must be 'true', 'false' or a number of proxies")])
      .default('false')
      .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
    RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(60),
    /** Messages one member may send a minute (messages/send-rate.ts). */
    MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /** Uploads (photos, selfies, date photos, ad images) one member may send per 10 minutes. */
    UPLOADS_PER_MEMBER: z.coerce.number().int().positive().default(20),
    WEB_DIST: z.string().default('./dist/web'),
    /** Days of Premium every new account gets (30 by default). 0 turns the trial off. */
    TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    /**
     * The key the development tools (outbox, clock) ask for, outside production. Unset, a new one
     * is made at each start and printed as a link for the machine's owner.
     */
    DEV_TOOLS_KEY: z.string().min(16).optional(),
    /** How often each server looks for due jobs (check-ins, reminder mail), in milliseconds. */
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** Where Go Premium sends the member: a peer-to-peer payment page taking txn, amount, note and return. */
    PAYMENT_URL: z.url().default('https://venmo.com/vouch-dating'),
    /** The site's own contact details, shown in the footer, on /contact and the policy pages when set. */
    SUPPORT_EMAIL: z.email().optional(),
    SOCIAL_INSTAGRAM_URL: z.url({ protocol: /^https$/ }).optional(),
    SOCIAL_X_URL: z.url({ protocol: /^https$/ }).optional(),
    SOCIAL_FACEBOOK_URL: z.url({ protocol: /^https$/ }).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ENDPOINT'],
        message: 'S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && !env.MAIL_DISABLED) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'set SMTP_URL in production (or MAIL_DISABLED=true to drop every mail, sign-up confirmations and password resets included)',
      });
    }
    if (env.NODE_ENV === 'production' && env.AUTH_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'set a real secret in production' });
    }
  });

export type Env = z.infer<typeof EnvSchema> & { HOST: string; BASE_URL: string; isProduction: boolean };

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // A variable set to nothing (`SUPPORT_EMAIL=` in a .env file) is a variable not set.
  const result = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    DATA_DIR: path.resolve(env.DATA_DIR),
    WEB_DIST: path.resolve(env.WEB_DIST),
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    isProduction: env.NODE_ENV === 'production',
  };
}

/**
 * The configuration: the process environment, over a `.env` file in the working directory when
 * there is one (copied from `.env.example`). A variable already set wins over the file. Test
 * runs (NODE_ENV=test) never read it: a developer's `.env` might name their own database.
 */
export function loadEnv(envFile = path.resolve('.env')): Env {
  // eslint-disable-next-line no-process-env -- this module is the one reader of the environment
  const source = process.env;
  if (source.NODE_ENV !== 'test' && fs.existsSync(envFile)) process.loadEnvFile(envFile);
  return parseEnv(source);
}
