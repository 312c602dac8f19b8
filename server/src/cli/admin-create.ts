// npm run admin:create -- <email> [--password <password>]
// Creates the account if needed and makes it an administrator.
import { parseArgs } from 'node:util';
import { EmailSchema } from '../../../contracts/auth';
import { loadEnv } from '../env';
import { createOrPromoteAdmin, type PromoteResult } from '../modules/admins/service';
import { runThroughServerOrDirect } from './control-channel';

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { password: { type: 'string' } } });
  const email = EmailSchema.safeParse(positionals[0] ?? '');
  if (!email.success) {
    console.error('Usage: npm run admin:create -- <email> [--password <password>]');
    process.exit(2);
  }
  const env = loadEnv();
  const body = { email: email.data, password: values.password };
  const result = await runThroughServerOrDirect<PromoteResult>(env, '/api/control/admins', body, (services) =>
    createOrPromoteAdmin(services, email.data, values.password),
  );
  console.log(`${result.email} is an administrator${result.created ? ' (new account)' : ''}.`);
  if (result.password) console.log(`Temporary password: ${result.password}  (change it after signing in)`);
  console.log('Sign in at /admin-login.');
}

main().catch((error: unknown) => {
  console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
