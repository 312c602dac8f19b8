import { Link } from 'react-router';
import { PREMIUM_MONTHLY_PRICE } from '@contracts/plans-constants';
import { POLICY } from '@contracts/policy';
import { PolicyPage } from '@/features/site/policy-page';
import { paths } from '@/lib/paths';

const P = POLICY;
const settings = (
  <Link to={paths.settings} className="text-primary hover:underline">
    Settings
  </Link>
);

/** The policy pages, one export each (the router loads this chunk for any of them). */
export function PrivacyPolicy() {
  return (
    <PolicyPage
      title="Privacy Policy"
      description="What Vouch collects, why, who can see it, how long we keep it and how to take it with you or delete it."
      intro="Dating asks you to share a lot. This page says plainly what we keep, why we keep it, and how you stay in control of it."
      sections={[
        {
          heading: 'What we collect',
          body: (
            <ul>
              <li>
                <strong>Account details</strong>: your email address and a hash of your password (never the password
                itself).
              </li>
              <li>
                <strong>Your profile</strong>: name, age, gender, location name, bio, interests and the photos you
                upload.
              </li>
              <li>
                <strong>Verification</strong>: the selfie you take to verify yourself, and the photos two members upload
                to confirm a date.
              </li>
              <li>
                <strong>Activity</strong>: likes, matches, messages, ratings, reports, and sign-in records for your
                security activity list.
              </li>
              <li>
                <strong>Approximate position</strong>, only if you share it: we round it to about 2 km before storing
                it.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Why we use it',
          body: (
            <>
              <p>
                To run the service you signed up for: showing your profile to people you might like, delivering
                messages, verifying identities and dates, and building the reputation other members rely on.
              </p>
              <p>
                To keep people safe: reviewing reports, spotting scams and abuse, and enforcing the Community
                Guidelines. We do not sell your data, and we do not use it to target ads at you; ads on Vouch are shown
                only to visitors who are not signed in.
              </p>
            </>
          ),
        },
        {
          heading: 'Who can see what',
          body: (
            <ul>
              <li>
                Other members see your profile and photos, a rough distance band (if you allow it), your verification
                badge and your reputation.
              </li>
              <li>
                Your exact position is never shown to anyone. Your selfie is seen only by you and our safety team.
              </li>
              <li>Date photos are seen only by the two people on the date and our safety team.</li>
              <li>Rating comments are seen only by the person rated and our safety team.</li>
              <li>Anyone you block no longer sees you anywhere on Vouch.</li>
            </ul>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <>
              <p>
                We keep your data while your account is open. After an unmatch, the last messages of that conversation
                are kept for 30 days so either of you can still report the other, then deleted.
              </p>
              <p>
                When you delete your account, your profile, photos, messages and verification go at once, and every
                remaining copy, including backups, is gone within {P.dataDeletedWithinDays} days. Ratings you gave stay
                only as anonymous numbers, so other members' reputations stay accurate.
              </p>
            </>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <>
              <p>
                In {settings} you can hide your profile, accept messages only from verified members, hide your distance,
                see where you are signed in, download a copy of everything we hold about you, and delete your account.
              </p>
              <p>
                Your rights under data protection law are described on the{' '}
                <Link to={paths.dataProtection} className="text-primary hover:underline">
                  Data Protection
                </Link>{' '}
                page.
              </p>
            </>
          ),
        },
        {
          heading: 'Changes to this policy',
          body: (
            <p>
              If we change this policy in a way that matters, we will tell you by email and in the app about{' '}
              {P.termsNoticeDays} days before the change takes effect.
            </p>
          ),
        },
      ]}
    />
  );
}

export function Terms() {
  return (
    <PolicyPage
      title="Terms of Service"
      description="The agreement between you and Vouch: who may join, how to behave, paid plans, and what happens if things go wrong."
      intro="These terms are the agreement between you and Vouch. We have tried to keep them short and readable."
      sections={[
        {
          heading: 'Who can use Vouch',
          body: (
            <p>
              You must be at least 18 years old, single or honest about your situation, and allowed to use a dating
              service where you live. One person, one account. You are responsible for keeping your password safe; we
              strongly recommend turning on two-step sign-in.
            </p>
          ),
        },
        {
          heading: 'Your behaviour',
          body: (
            <p>
              You agree to follow the{' '}
              <Link to={paths.communityGuidelines} className="text-primary hover:underline">
                Community Guidelines
              </Link>
              : be respectful, be yourself, and keep others safe. Ratings must describe a date that really happened. We
              may warn, suspend or remove accounts that break these rules.
            </p>
          ),
        },
        {
          heading: 'Your content',
          body: (
            <p>
              You own the photos and words you post. You give Vouch permission to store and show them to other members
              as the service works, and to our safety team when they review a report. Do not post anything you do not
              have the right to share.
            </p>
          ),
        },
        {
          heading: 'Premium',
          body: (
            <p>
              Premium costs ${PREMIUM_MONTHLY_PRICE} per month and starts once your payment is confirmed. Prices include
              any taxes we must charge. Cancelling, refunds and the cooling-off period are explained in the{' '}
              <Link to={paths.cancellationPolicy} className="text-primary hover:underline">
                Cancellation Policy
              </Link>
              .
            </p>
          ),
        },
        {
          heading: 'Safety disclaimer',
          body: (
            <p>
              Verification and ratings make it much harder to lie on Vouch, but they cannot guarantee how anyone
              behaves. Meet in public, tell a friend where you are going, and report anything that worries you. Our
              safety team acts on reports within {P.reportsHandledWithinHours} hours.
            </p>
          ),
        },
        {
          heading: 'Ending the agreement',
          body: (
            <p>
              You can delete your account at any time in Settings. We may end or suspend an account that breaks these
              terms, and we will tell you why unless the law or someone's safety prevents it.
            </p>
          ),
        },
        {
          heading: 'Changes to these terms',
          body: (
            <p>
              We will give you about {P.termsNoticeDays} days' notice of changes that affect you, by email and in the
              app. If you keep using Vouch after the change, the new terms apply; if you do not agree, you can delete
              your account.
            </p>
          ),
        },
      ]}
    />
  );
}

export function CookiePolicy() {
  return (
    <PolicyPage
      title="Cookie Policy"
      description="The few cookies and storage entries Vouch uses, and why none of them track you."
      intro="Vouch uses as little browser storage as it can. There are no advertising or cross-site tracking cookies."
      sections={[
        {
          heading: 'Cookies we set',
          body: (
            <ul>
              <li>
                <strong>Session cookie</strong>: keeps you signed in. It is marked HttpOnly, so scripts on the page
                cannot read it, and it is only sent to Vouch.
              </li>
              <li>
                <strong>Two-step sign-in cookie</strong>: remembers, for a few minutes, that you passed the password
                step while you enter your code.
              </li>
              <li>
                <strong>Known-device cookie</strong>: set when you sign in, for a year, so that someone guessing your
                password elsewhere cannot lock you out of this browser. It is HttpOnly and holds only your account's id
                with our signature.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Other storage',
          body: (
            <p>
              Your light or dark theme choice is saved in your browser's local storage. The installable app keeps a copy
              of the app's own files on your device so it opens quickly and can tell you when you are offline; it stores
              none of your messages or photos.
            </p>
          ),
        },
        {
          heading: 'Ads',
          body: (
            <p>
              Visitors who are not signed in may see an ad. We count how many times an ad is shown and clicked, without
              cookies and without identifying you.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              You can delete cookies in your browser at any time; you will simply be signed out. Because we set no
              tracking cookies, there is nothing to opt out of.
            </p>
          ),
        },
      ]}
    />
  );
}

export function DataProtection() {
  return (
    <PolicyPage
      title="Data Protection"
      description="Your rights over your data on Vouch, and how we protect it."
      intro="You have rights over the data we hold about you. Here is what they are and how to use them, most of them directly from Settings."
      sections={[
        {
          heading: 'Your rights',
          body: (
            <ul>
              <li>
                <strong>Access and portability</strong>: Download my data in {settings} gives you one file with
                everything we hold, photos included.
              </li>
              <li>
                <strong>Correction</strong>: edit your profile at any time.
              </li>
              <li>
                <strong>Erasure</strong>: Delete account in Settings removes your account at once; remaining copies are
                gone within {P.dataDeletedWithinDays} days.
              </li>
              <li>
                <strong>Objection and restriction</strong>: write to us and we will answer within{' '}
                {P.contactRepliesWithinHours} hours.
              </li>
            </ul>
          ),
        },
        {
          heading: 'How we protect your data',
          body: (
            <ul>
              <li>Passwords are stored only as slow, salted hashes (Argon2id).</li>
              <li>
                Photos are checked, re-encoded and stripped of hidden location data before they are stored, and served
                only to signed-in members who may see them.
              </li>
              <li>Selfies and date photos are private: never in a public folder, never shown to other members.</li>
              <li>Every administrator action is written to a tamper-evident log.</li>
            </ul>
          ),
        },
        {
          heading: 'Legal basis',
          body: (
            <p>
              We process your data to provide the service you asked for (our contract with you), to keep members safe
              (our legitimate interest and, where it applies, our legal duty), and for anything else only with your
              consent, which you can withdraw.
            </p>
          ),
        },
        {
          heading: 'Complaints',
          body: (
            <p>
              If you think we have handled your data wrongly, tell us first and we will put it right. You can also
              complain to the data protection authority where you live.
            </p>
          ),
        },
      ]}
    />
  );
}

export function CancellationPolicy() {
  return (
    <PolicyPage
      title="Cancellation Policy"
      description={`How to cancel Vouch Premium, the ${P.coolingOffMonthlyHours}-hour cooling-off period, and refunds.`}
      intro="You can cancel Premium whenever you like. Here is what happens to your plan and your money when you do."
      sections={[
        {
          heading: 'Cancelling Premium',
          body: (
            <p>
              Ask us to cancel through the{' '}
              <Link to={paths.support} className="text-primary hover:underline">
                support page
              </Link>
              . Premium stays active until the end of the period you paid for, then your account returns to the free
              plan. Cancelling does not delete your account, your matches or your history.
            </p>
          ),
        },
        {
          heading: 'Cooling-off period',
          body: (
            <p>
              Premium is one plan, paid month by month. Cancel within {P.coolingOffMonthlyHours} hours of paying for a
              full refund. After that there are no refunds for part of a month; Premium simply runs to the end of the
              month you paid for.
            </p>
          ),
        },
        {
          heading: 'How refunds are paid',
          body: (
            <p>
              Refunds go back through the payment app you paid with, usually within a few working days of our confirming
              them.
            </p>
          ),
        },
        {
          heading: 'Deleting your account',
          body: (
            <p>
              Deleting your account is permanent. It cancels any subscription at once and removes your personal data
              within {P.dataDeletedWithinDays} days. The cooling-off refunds above still apply.
            </p>
          ),
        },
      ]}
    />
  );
}

export function CommunityGuidelines() {
  return (
    <PolicyPage
      ads={false}
      title="Community Guidelines"
      description="How members treat each other on Vouch, how ratings must be used, and what happens when someone breaks the rules."
      intro="Vouch works because members trust each other a little more than on other apps. These guidelines keep it that way."
      sections={[
        {
          heading: 'Be Respectful',
          body: (
            <p>
              Treat everyone as you would want to be treated on a first date. No insults, harassment, hate or pressure.
              A "no" or no reply is an answer: accept it and move on.
            </p>
          ),
        },
        {
          heading: 'Be Authentic',
          body: (
            <p>
              Use recent photos of yourself and verify with a selfie. Be honest about your age, your intentions and your
              situation. One account per person; no impersonation, no fake profiles.
            </p>
          ),
        },
        {
          heading: 'Keep it Safe',
          body: (
            <p>
              Never ask for or send money, gift cards or bank details. Keep the conversation on Vouch until you are
              comfortable. Meet in public the first time. If something feels wrong, block and report: it is free,
              private and reviewed within {P.reportsHandledWithinHours} hours.
            </p>
          ),
        },
        {
          heading: 'Rating System Guidelines',
          body: (
            <ul>
              <li>Rate only people you have really met, on a date both of you confirmed.</li>
              <li>Rate the experience honestly: safety, respect and communication, not looks.</li>
              <li>Selfie verification is needed before you can rate or be rated.</li>
              <li>Never offer, ask for or trade ratings. Coordinated or fake ratings are removed.</li>
            </ul>
          ),
        },
        {
          heading: 'Consequences',
          body: (
            <ul>
              <li>
                <strong>Warning and reduced trust score</strong> for a first, minor breach.
              </li>
              <li>
                <strong>Temporary suspension</strong> for repeated or more serious breaches.
              </li>
              <li>
                <strong>Permanent ban</strong> for threats, scams, sexual harassment or fake identities.
              </li>
              <li>
                <strong>Legal action</strong>: where someone may be in danger or a crime is involved, we work with the
                police.
              </li>
            </ul>
          ),
        },
      ]}
    />
  );
}
