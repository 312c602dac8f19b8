import { z } from 'zod';

// Every contract builds its schemas with this `z`, so wherever a contract is loaded (the server,
// the web app, a test), a check with no message of its own speaks plainly instead of in zod's
// words ("Too big: expected string to have <=80 characters"). A message a schema gives wins.
z.config({
  customError: (issue) => {
    if (issue.code === 'too_big') {
      if (issue.origin === 'string') return `Please keep this to ${issue.maximum} characters or fewer.`;
      if (issue.origin === 'array') return `Please choose no more than ${issue.maximum}.`;
      if (issue.origin === 'number') return `Please enter ${issue.maximum} or less.`;
    }
    if (issue.code === 'too_small') {
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'This field is required.'
          : `Please enter at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'number') return `Please enter ${issue.minimum} or more.`;
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
    return undefined;
  },
});

/** The first problem of each field, by its path ('body' for the whole value): how forms and API answers name them. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  return fields;
}

export { z };
