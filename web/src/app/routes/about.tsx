import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BadgeCheck,
  CalendarHeart,
  Camera,
  Eye,
  EyeOff,
  Flag,
  Heart,
  LifeBuoy,
  MailCheck,
  Lock,
  MessageCircle,
  ScanSearch,
  Shield,
  ShieldCheck,
  Star,
  Users,
  UserX,
} from 'lucide-react';
import { POLICY } from '@contracts/policy';
import { PageHeader, TitledSection } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle, CardTitle } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { WithAdSidebar } from '@/features/ads/ad-slot';
import { paths } from '@/lib/paths';

type Item = { icon: typeof Heart; title: string; text: string };

/** A page's closing links: Join Vouch, then where to read on. */
function JoinLinks({ next, nextLabel }: { next: string; nextLabel: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild>
        <Link to={paths.register}>Join Vouch</Link>
      </Button>
      <Button variant="outline" asChild>
        <Link to={next}>{nextLabel}</Link>
      </Button>
    </div>
  );
}

function ItemGrid({ items, columns = 'sm:grid-cols-2 lg:grid-cols-3' }: { items: Item[]; columns?: string }) {
  return (
    <div className={`grid gap-4 ${columns}`}>
      {items.map(({ icon: Icon, title, text }) => (
        <Card key={title}>
          <CardHeader>
            <div className="mb-2 flex size-10 items-center justify-center rounded-xl bg-primary/10">
              <Icon className="size-5 text-primary" aria-hidden />
            </div>
            <CardTitle className="text-lg">{title}</CardTitle>
            <CardDescription>{text}</CardDescription>
          </CardHeader>
        </Card>
      ))}
    </div>
  );
}

/** An about page; with the sidebar ad on wide screens unless it is about safety (`ads={false}`). */
function Page({
  title,
  description,
  intro,
  children,
  ads = true,
}: {
  title: string;
  description: string;
  intro: ReactNode;
  children: ReactNode;
  ads?: boolean;
}) {
  usePageMeta(`${title} · Vouch`, description);
  const page = (
    <div className="mx-auto grid max-w-5xl gap-12 px-4 py-10">
      <PageHeader title={title}>{intro}</PageHeader>
      {children}
    </div>
  );
  return ads ? <WithAdSidebar>{page}</WithAdSidebar> : page;
}

const REASONS: Item[] = [
  {
    icon: BadgeCheck,
    title: 'Verified users',
    text: 'Every member can prove they match their photos with a live selfie, checked by our team. Look for the badge.',
  },
  {
    icon: Star,
    title: 'Trust scores',
    text: 'Ratings come only from dates both people confirmed, so a reputation on Vouch means something.',
  },
  {
    icon: Shield,
    title: 'A safe environment',
    text: 'Block and report from anywhere, safety nudges in chat, and a team that acts on reports within a day.',
  },
];

export function AboutUs() {
  return (
    <Page
      title="About Us"
      description="Why a small group of friends built a dating app where you know who you are meeting."
      intro="Vouch began with a simple question: why is it so hard to know who you are about to meet?"
    >
      <section className="grid gap-4 text-muted-foreground md:grid-cols-2">
        <p>
          We are a small founding group who met, and kept meeting, the hard way: profiles that were ten years and three
          haircuts out of date, matches who vanished, and friends who came home from first dates shaken. We kept asking
          each other the same thing before every date: "Do you know anything about this person?"
        </p>
        <p>
          So we built the app we wanted. On Vouch people prove they look like their photos, two people confirm together
          that a date happened, and only then can they rate it. Over time those honest ratings become a reputation the
          next person can trust.
        </p>
      </section>
      <Card className="border-primary/30 bg-primary/5">
        <CardHeader>
          <CardIconTitle icon={ShieldCheck} size="lg">
            Safety First
          </CardIconTitle>
          <CardDescription className="text-base">
            Every decision we make starts with one test: does this make meeting someone safer? That is why blocking,
            reporting and hiding your profile are free for everyone, always.
          </CardDescription>
        </CardHeader>
      </Card>
      <TitledSection id="why" title="Three reasons to choose Vouch" className="grid gap-4">
        <ItemGrid items={REASONS} />
      </TitledSection>
      <JoinLinks next={paths.safetyCommitment} nextLabel="Our safety commitment" />
    </Page>
  );
}

const FEATURES: Item[] = [
  {
    icon: Camera,
    title: 'Selfie verification',
    text: 'Take a selfie in the pose we ask for; our team checks it against your photos and you get the verified badge.',
  },
  {
    icon: CalendarHeart,
    title: 'Co-signed dates',
    text: 'After you meet, one of you uploads a photo together and the other confirms it. That unlocks ratings for both.',
  },
  {
    icon: Star,
    title: 'Double-blind ratings',
    text: 'Rate overall, safety, respect and communication. Ratings stay hidden until both have rated, so nobody rates in revenge.',
  },
  {
    icon: Heart,
    title: 'Discovery that favours trust',
    text: 'Verified, well-rated members come first. Filter by age, gender, place, distance and verification.',
  },
  {
    icon: MessageCircle,
    title: 'Real-time chat',
    text: 'Messages arrive instantly, with gentle safety nudges when a message asks for money or crosses a line.',
  },
  {
    icon: Users,
    title: 'Date calendar and sharing',
    text: 'Plan dates in the app and share the time and place with a trusted friend through a private link.',
  },
];

export function Features() {
  return (
    <Page
      title="Features"
      description="Selfie verification, co-signed dates, honest ratings, real-time chat and more: what Vouch does to make dating safer."
      intro="Everything in Vouch is built around one idea: you should know who you are meeting."
    >
      <ItemGrid items={FEATURES} />
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.register}>Create your free account</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.safetyCommitment}>How we keep you safe</Link>
        </Button>
        <Button variant="ghost" asChild>
          <Link to={paths.browse}>Browse profiles</Link>
        </Button>
      </div>
    </Page>
  );
}

const COMMITMENTS: Item[] = [
  {
    icon: CalendarHeart,
    title: 'Verified dates',
    text: 'A date counts only when both people confirm it with a photo together. No confirmation, no rating.',
  },
  {
    icon: Star,
    title: 'Rating system',
    text: 'Ratings are double-blind and tied to real dates, and a low safety score goes straight to our safety team.',
  },
  {
    icon: Lock,
    title: 'Privacy protection',
    text: 'Your position is rounded and never shown, selfies and date photos are private, and photos lose their hidden location data.',
  },
  {
    icon: MessageCircle,
    title: 'Secure messaging',
    text: 'Only matches can write to you, you can accept verified members only, and blocking closes a chat for good.',
  },
  {
    icon: LifeBuoy,
    title: 'Date check-ins',
    text: 'Name a trusted contact, and we ask you during a date whether you are OK. If you do not answer in time, they get an email with who you are meeting, where and when. Nothing reaches them otherwise. Free on every plan.',
  },
  {
    icon: EyeOff,
    title: 'Hidden words',
    text: 'List words, phrases or emoji you never want to be surprised by (up to 1,000). Messages with them wait in a Hidden folder, with no notification, folded until you choose to read them. You can add some while you report someone.',
  },
  {
    icon: MailCheck,
    title: 'Quiet, private email',
    text: 'When you are away we email you about a new match, a message waiting an hour, a date tomorrow or the outcome of a report. Never the words anyone wrote, only first names. Each kind has its own switch, and every email stops with one click.',
  },
  {
    icon: ScanSearch,
    title: 'Borrowed photos found',
    text: 'Every photo and selfie is compared with the pictures of other accounts, even cropped, mirrored, recoloured, framed or screenshotted. The same picture on two accounts goes to our safety team, who look at both side by side.',
  },
  {
    icon: UserX,
    title: 'Banned means banned',
    text: 'A banned member cannot sign up again with the same email, however it is written, and their photos are recognised on a new account. We keep only a fingerprint of each, never the pictures.',
  },
];

const REPORT_STEPS = [
  'Open the menu on the profile or in the chat and choose Report.',
  'Pick the reason that fits and add any details that help us understand.',
  'Choose whether to block them at the same time. They are never told who reported them.',
  `Our safety team reviews the report and acts within ${POLICY.reportsHandledWithinHours} hours; you see the outcome under My reports in Settings.`,
];

const TIPS: { when: string; tips: string[] }[] = [
  {
    when: 'Before the date',
    tips: [
      'Check for the verified badge and read their reputation.',
      'Keep chatting on Vouch until you feel ready.',
      'Share your plans with a friend using Share my date.',
      'Set a check-in on the calendar: we ask you at the time you choose, and email your trusted contact if you do not answer.',
    ],
  },
  {
    when: 'During the date',
    tips: [
      'Meet in a busy public place and get there on your own.',
      'Keep your drink with you and your phone charged.',
      'Leave whenever you want. You owe nobody an explanation.',
    ],
  },
  {
    when: 'After the date',
    tips: [
      'Let your friend know you are home.',
      'Confirm the date in the chat, then rate it honestly.',
      'Report anything that made you uncomfortable, even if it seems small.',
    ],
  },
];

export function SafetyCommitment() {
  return (
    <Page
      ads={false}
      title="Our Safety Commitment"
      description={`Verified dates, honest ratings, private photos, secure messaging, and reports acted on within ${POLICY.reportsHandledWithinHours} hours.`}
      intro="Safety is not a feature we added. It is the reason Vouch exists. This is what we promise, and what you can do."
    >
      <ItemGrid items={COMMITMENTS} columns="sm:grid-cols-2" />
      <TitledSection id="report" icon={Flag} title="How to report" className="grid gap-4">
        <ol className="grid gap-3 sm:grid-cols-2">
          {REPORT_STEPS.map((step, index) => (
            <li key={step} className="flex gap-3 rounded-2xl border bg-card p-4 text-sm">
              <span
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
                aria-hidden
              >
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </TitledSection>
      <TitledSection id="tips" icon={Eye} title="Safety tips" className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-3">
          {TIPS.map(({ when, tips }) => (
            <Card key={when}>
              <CardHeader>
                <CardTitle className="text-lg">{when}</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
                  {tips.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ))}
        </div>
      </TitledSection>
      <JoinLinks next={paths.support} nextLabel="Get help from support" />
    </Page>
  );
}
