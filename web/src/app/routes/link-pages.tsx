import { HeartHandshake, LaptopMinimalCheck, LifeBuoy, MailX, ShieldOff } from 'lucide-react';
import { approveDevice } from '@/features/auth/auth-api';
import { LinkPage } from '@/components/page/link-page';
import { answerCheckInByLink, confirmContact } from '@/features/check-ins';
import { setMailStopped, unsubscribeByLink } from '@/features/reminders';

// The pages mailed links open, for people who may have no account: one chunk for the three.

/** The "I'm OK" button of a check-in mail. */
export const CheckIn = () => (
  <LinkPage
    pageTitle="I'm OK · Vouch"
    icon={HeartHandshake}
    title="Are you OK?"
    intro="Press the button to end your date check-in. If we already emailed your trusted contact, we tell them you are fine."
    action={["I'm OK", 'Checking in...']}
    act={async (token) =>
      `Thanks, ${(await answerCheckInByLink(token)).firstName}. Glad you are OK: your check-in is over.`
    }
  />
);

/** A trusted contact's invitation. */
export const TrustedContact = () => (
  <LinkPage
    pageTitle="Trusted contact · Vouch"
    icon={LifeBuoy}
    title="Be a trusted contact"
    intro="If your friend misses a check-in during a date, we email you who they are meeting, where and when. We never email you about anything else."
    action={['Yes, I will be their contact', 'Confirming...']}
    act={async (token) => `Thank you. You are now ${(await confirmContact(token)).firstName}'s trusted contact.`}
  />
);

/** A reminder mail's "stop these emails" link. */
export const Unsubscribe = () => (
  <LinkPage
    pageTitle="Unsubscribe · Vouch"
    icon={MailX}
    title="Stop these emails"
    intro="Press the button and we stop sending you this kind of email. You can turn it back on in Settings."
    action={['Unsubscribe', 'Unsubscribing...']}
    act={async (token) => {
      const { label } = await unsubscribeByLink(token);
      return `Done: no more emails about ${label.toLowerCase()}. Change this any time in Settings, under Email while you are away.`;
    }}
  />
);

/** The stop link at the foot of every mail an address did not ask for (a confirmation, a sign-in link, an invitation). */
export const MailStop = () => (
  <LinkPage
    pageTitle="Stop emails · Vouch"
    icon={ShieldOff}
    title="Stop emails you did not ask for"
    intro="Someone typed this address on Vouch, and we emailed it. Press the button and we send it no more email it did not ask for: no confirmations, sign-in links or invitations."
    action={['Stop these emails', 'Stopping...']}
    act={async (token) => {
      await setMailStopped(token, true);
      return 'Done: this address gets no more email it did not ask for. To use it on Vouch one day, open this link again and press the button below.';
    }}
    undo={[
      'Allow them again',
      async (token) => {
        await setMailStopped(token, false);
        return 'Allowed again: sign-up confirmations and sign-in links reach this address once more.';
      },
    ]}
  />
);

/** The link mailed when the right password came from a new device while strangers were guessing at the account. */
export const ApproveDevice = () => (
  <LinkPage
    pageTitle="Use this device · Vouch"
    icon={LaptopMinimalCheck}
    title="Sign in on this device"
    intro="Someone has been guessing at your password from other devices. Press the button on the device you were signing in from, and it counts as yours: then sign in as usual."
    action={['Use this device', 'Saving...']}
    act={async (token) => {
      await approveDevice(token);
      return 'Done: this device now counts as yours. Sign in as usual.';
    }}
  />
);
