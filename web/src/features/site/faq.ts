/** Common questions, answered on /support and beside the form on /contact. */
export const FAQ = [
  [
    'How do I get verified?',
    'Open Settings, choose Verify with a selfie, and take a selfie in the pose we show you. Our team reviews it, usually within a day.',
  ],
  [
    'How do ratings work?',
    'After a date, one of you uploads a photo of the two of you and the other confirms it. Then you can both rate the date. Ratings stay hidden until both have rated, or for 14 days.',
  ],
  [
    'Someone made me uncomfortable. What do I do?',
    'Use Report in the chat or on their profile. You can block them at the same time. We review every report within 24 hours.',
  ],
  [
    'Can I stop someone from seeing me?',
    'Yes. Block them from the chat or their profile: you both disappear from each other everywhere. Unblock them in Settings whenever you like.',
  ],
  [
    'How do I cancel Premium?',
    'Premium is paid month by month and ends when the month you paid for runs out and is not renewed. See the Cancellation Policy for refunds.',
  ],
] as const;
