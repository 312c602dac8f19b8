import type { Mail } from './mailer';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A mail with one action, sent because someone typed this address: it did not ask for it itself. */
function actionMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): Mail {
  const text = `${intro}\n\n${action}: ${link}\n\n${outro}\n\nVouch: dating that puts your safety first.`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:520px;margin:auto;padding:24px">
<h1 style="color:#e11d48;font-size:22px">Vouch</h1>
<p>${escape(intro)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#e11d48;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(action)}</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this address into your browser:<br>${escape(link)}</p>
<p style="font-size:13px;color:#6b7280">${escape(outro)}</p>
</body></html>`;
  return { to, subject, text, html, link, unrequested: true };
}

export const verificationMail = (to: string, link: string) =>
  actionMail(
    to,
    'Confirm your email for Vouch',
    'Welcome to Vouch! Please confirm your email address to finish creating your account.',
    'Confirm my email',
    link,
    'If you did not create a Vouch account, you can ignore this message.',
  );

export const magicLinkMail = (to: string, link: string) =>
  actionMail(
    to,
    'Your Vouch sign-in link',
    'Use this link to sign in to Vouch. It works once and expires in 10 minutes.',
    'Sign in to Vouch',
    link,
    'If you did not ask to sign in, you can ignore this message.',
  );

export const resetPasswordMail = (to: string, link: string) =>
  actionMail(
    to,
    'Reset your Vouch password',
    'We received a request to reset your Vouch password.',
    'Choose a new password',
    link,
    'If you did not ask for this, ignore this message: your password stays as it is.',
  );

/** A sign-in code (the email second factor). The code is the whole message: no link to follow. */
export function signInCodeMail(to: string, code: string): Mail {
  const intro = 'Here is your Vouch sign-in code. Enter it on the sign-in page; it expires in 3 minutes.';
  const outro = 'If you are not signing in right now, someone has your password: change it in Settings.';
  const text = `${intro}\n\n${code}\n\n${outro}\n\nVouch: dating that puts your safety first.`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:520px;margin:auto;padding:24px">
<h1 style="color:#e11d48;font-size:22px">Vouch</h1>
<p>${escape(intro)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:6px">${escape(code)}</p>
<p style="font-size:13px;color:#6b7280">${escape(outro)}</p>
</body></html>`;
  return { to, subject: 'Your Vouch sign-in code', text, html };
}

/** Sent instead of a magic link to members with a second factor: a link alone would skip it. */
export const magicLinkRefusedMail = (to: string, link: string) =>
  actionMail(
    to,
    'Sign in to Vouch with your password',
    'Someone asked for a sign-in link for your account. Your account has two-step sign-in turned on, so sign-in links are off: please sign in with your password and your code.',
    'Go to sign-in',
    link,
    'If you did not ask for a link, you can ignore this message.',
  );

/** Sent instead of a magic link to a suspended member: no link, what happened and how to appeal. */
export const suspendedMail = (to: string, link: string) =>
  actionMail(
    to,
    'Your Vouch account is suspended',
    'Someone asked for a sign-in link for your account. Your account is suspended, so it cannot be signed in to. If you think this is a mistake, you can appeal: a member of our safety team who was not part of the first decision reads every appeal.',
    'See why, and appeal',
    link,
    'If you did not ask for a link, you can ignore this message.',
  );

/** Sent instead of a confirmation link when a banned member's mailbox is used to sign up again. */
export const mailboxRefusedMail = (to: string, link: string) =>
  actionMail(
    to,
    'Your Vouch sign-up',
    'Someone tried to open a Vouch account with this address. It belongs to an account our safety team has banned, so it cannot be used to open another one. If you think this is a mistake, write to us: a member of the team who was not part of the first decision reads it.',
    'Write to us',
    link,
    'If you did not try to sign up, you can ignore this message.',
  );

/** Sent when someone signs up with the address of a confirmed account: nothing was opened. */
export const knownAddressSignUpMail = (to: string, link: string) =>
  actionMail(
    to,
    'Someone tried to sign up with your address',
    'Someone tried to open a Vouch account with this address. You already have one, so nothing was opened or changed. If it was you, sign in; if you forgot your password, reset it from the sign-in page.',
    'Sign in to Vouch',
    link,
    'If it was not you, you can ignore this message: your account is as it was.',
  );

/** Sent when the right password came from a new device while strangers were guessing at the account. */
export const deviceApprovalMail = (to: string, link: string): Mail => ({
  // Sent for the right password: asked for by whoever holds it, not by anyone who types the address.
  ...actionMail(
    to,
    'Sign in to Vouch on a new device',
    'Someone has been guessing at your password from other devices, so a sign-in from a new device needs one more step. If you were just signing in, open this link on that device, then sign in again. It works for 30 minutes.',
    'Use this device',
    link,
    'If you were not signing in, someone has your password: change it in Settings.',
  ),
  unrequested: undefined,
});
