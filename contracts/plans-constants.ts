// The plans rules and texts that need no schema: the server, and web pages that must not load zod, share them.
// plans.ts re-exports them beside its schemas.

/** Premium, per month, in US dollars. Free is $0. */
export const PREMIUM_MONTHLY_PRICE = 10.99;

/** How Premium is paid: the peer-to-peer payment link the upgrade sends the member to. */
export const PAYMENT_METHOD = 'venmo';

/** A boost keeps the member first in discovery this long, once per UTC day. */
export const BOOST_MINUTES = 30;

/** 'Recently active' means seen within this many days. */
export const RECENTLY_ACTIVE_DAYS = 7;

export const PLAN_TEXT = {
  signInRequired: { title: 'Sign in required', description: 'Please sign in to upgrade to premium' },
  paymentError: { title: 'Payment Error', description: 'Failed to initiate payment. Please try again.' },
  premiumRequired: 'This is a Premium feature. Upgrade to use it.',
  filtersPremium: 'Advanced filters are a Premium feature.',
  boostPremium: 'Boosts are a Premium feature.',
  boostUsed: 'You have used today\u2019s boost. A new one is ready at midnight UTC.',
} as const;

export type PlanFeature = { label: string; free: boolean | string; premium: boolean | string };

/** The comparison table on /pricing; the cards list the same features. */
export const PLAN_FEATURES: PlanFeature[] = [
  { label: 'Likes per day', free: '10', premium: 'Unlimited' },
  { label: 'Selfie verification and verified dates', free: true, premium: true },
  { label: 'Block, report and the verified-only filter', free: true, premium: true },
  { label: 'Messaging with your matches', free: true, premium: true },
  { label: 'Basic filters (age, gender, location, verified)', free: true, premium: true },
  { label: 'Super likes', free: false, premium: true },
  { label: 'Advanced filters (distance, rating, verified dates, recently active)', free: false, premium: true },
  { label: 'See who liked you', free: false, premium: true },
  { label: 'A 30-minute profile boost every day', free: false, premium: true },
  { label: 'Read receipts', free: false, premium: true },
  { label: 'Priority support', free: false, premium: true },
  { label: 'Exclusive events', free: false, premium: true },
];

export const FREE_CARD_FEATURES = [
  '10 likes per day',
  'Basic matching and filters',
  'Messaging with your matches',
  'Selfie verification and every safety tool',
];

export const PREMIUM_CARD_FEATURES = [
  'Unlimited likes and super likes',
  'Advanced filters',
  'See who liked you',
  'A daily 30-minute profile boost',
  'Read receipts',
  'Priority support and exclusive events',
];

export const PRICING_FAQ: [string, string][] = [
  [
    'How does billing work?',
    `Premium costs $${PREMIUM_MONTHLY_PRICE} a month. You pay through a peer-to-peer payment app; Premium starts as soon as our team confirms the payment and runs for one month from then.`,
  ],
  [
    'Can I switch plans?',
    'Yes. Start on Free and upgrade whenever you like. If you cancel Premium it stays active until the end of the month you paid for, then you are back on Free with your matches and history intact.',
  ],
  [
    'Which payment methods do you accept?',
    'Payments go through a peer-to-peer payment app, from its balance, a linked bank account or a card. We never see or store your card details.',
  ],
];

/** The reference a member's payment note carries, so an admin can match payment and member. */
export const paymentReference = (userId: string) => `VOUCH-${userId.slice(0, 8)}`;
