import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Camera, Filter, HeartHandshake, MessageCircle, ShieldCheck, Star, Users } from 'lucide-react';
import { Glow } from '@/components/page/glow';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { ProfileExample } from '@/features/landing/profile-example';
import { useSiteSearchStructuredData } from '@/features/landing/site-search-data';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { AdSlot } from '@/features/ads/ad-slot';

function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="mb-10 max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>
        <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mt-3 text-muted-foreground">{intro}</p>
      </div>
      {children}
    </section>
  );
}

function Feature({ icon: Icon, title, children }: { icon: typeof Star; title: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <div className="mb-4 flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
        <Icon className="size-5" aria-hidden />
      </div>
      <h3 className="font-semibold">{title}</h3>
      <p className="mt-1.5 text-sm text-muted-foreground">{children}</p>
    </Card>
  );
}

const RATING_DIMENSIONS = ['Safety', 'Respect', 'Communication', 'Overall Experience'];
const STEPS = [
  {
    icon: Camera,
    title: 'Verify yourself',
    text: 'Take a selfie in a pose we pick at random. A moderator checks it against your photos.',
  },
  {
    icon: HeartHandshake,
    title: 'Verify the date',
    text: 'After you meet, one of you uploads a photo of the two of you and the other confirms it.',
  },
  {
    icon: Star,
    title: 'Rate each other',
    text: 'Only then can you rate the date. Ratings stay hidden until both of you have rated.',
  },
];

export function Component() {
  usePageMeta(
    'Vouch: safe, verified dating',
    'Vouch is the safety-first dating app: selfie-verified members, photo-verified dates and honest ratings from people who really met.',
  );
  useSiteSearchStructuredData();
  // The prerendered page is a visitor's: a member's variant waits until the page is React's.
  const hydrated = useHydrated();
  const { session: known } = useSession();
  const session = hydrated ? known : null;

  return (
    <>
      <AdSlot placement="home_header" className="pt-4" />
      <section className="relative overflow-hidden">
        <Glow className="inset-0 -z-10 from-secondary/70 via-background to-background" />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:py-20 lg:grid-cols-2">
          <div className="grid gap-6 text-center lg:text-left">
            <p className="inline-flex items-center justify-center gap-2 text-sm font-medium text-primary lg:justify-start">
              <ShieldCheck className="size-4" aria-hidden /> Safe · Verified · Five-star rated
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Find the Perfect Match</h1>
            <p className="mx-auto max-w-xl text-lg text-muted-foreground lg:mx-0">
              Every member is verified by selfie. Every rating comes from a date that really happened. Meet people who
              are who their photos say, and know how their past dates went.
            </p>
            {/* Shown until a session is known: the prerendered page (and most of its visitors) have none. */}
            {!session && (
              <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
                <Button size="lg" asChild>
                  <Link to={paths.authRegister}>Get Started</Link>
                </Button>
                <Button size="lg" variant="outline" asChild>
                  <Link to={paths.safetyCommitment}>Learn More</Link>
                </Button>
              </div>
            )}
          </div>
          <ProfileExample />
        </div>
      </section>

      <Suspense fallback={null}>
        <Section
          id="ratings"
          eyebrow="The rating system"
          title="Ratings from people who actually met"
          intro="After a verified date, both people rate the experience from one to five stars, on four things that matter."
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {RATING_DIMENSIONS.map((dimension) => (
              <Card key={dimension} className="grid gap-2 p-5">
                <p className="font-semibold">{dimension}</p>
                <p className="flex gap-0.5" role="img" aria-label="Rated on five stars">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <Star key={i} className="size-4 fill-amber-400 text-amber-400" aria-hidden />
                  ))}
                </p>
              </Card>
            ))}
          </div>
        </Section>

        <div className="bg-muted/40">
          <Section
            id="browse"
            eyebrow="Profile browsing"
            title="Browse with filters that respect you"
            intro="Find people by location and interests, see how much you have in common, and spot verified and top-rated members at a glance."
          >
            <div className="grid gap-4 md:grid-cols-3">
              <Feature icon={Filter} title="Filters that matter">
                Location, age, interests and verified-only: the basics are free for everyone.
              </Feature>
              <Feature icon={Users} title="Compatibility score">
                A score from the interests you share, so a first message is never a blank page.
              </Feature>
              <Feature icon={MessageCircle} title="Message your matches">
                When you both like each other, chat opens right away.
              </Feature>
            </div>
          </Section>
        </div>

        <Section
          id="verify"
          eyebrow="Verify and rate"
          title="Three steps to a rating you can trust"
          intro="Nobody can rate a date that did not happen, and nobody can rate without being verified."
        >
          <ol className="grid gap-4 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <Card className="h-full p-6">
                  <div className="mb-4 flex items-center gap-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                      {index + 1}
                    </span>
                    <step.icon className="size-5 text-primary" aria-hidden />
                  </div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-1.5 text-sm text-muted-foreground">{step.text}</p>
                </Card>
              </li>
            ))}
          </ol>
        </Section>

        <div className="bg-muted/40">
          <Section
            id="safety"
            eyebrow="Safety standards"
            title="Safety tools that are never behind a paywall"
            intro="Blocking, reporting and the verified-only filter are free for every member, always."
          >
            <div className="grid gap-4 md:grid-cols-3">
              <Feature icon={BadgeCheck} title="Trust badges">
                Safe for Family, Safe Date and Would Date Again, earned from real ratings.
              </Feature>
              <Feature icon={ShieldCheck} title="Reports handled in 24 hours">
                Our team reviews every report, with the evidence, and tells you the outcome.
              </Feature>
              <Feature icon={HeartHandshake} title="Private by design">
                Your exact location is never shared, and date photos are seen only by the two of you.
              </Feature>
            </div>
          </Section>
        </div>

        <section aria-labelledby="cta" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
          <Card className="grid gap-6 bg-gradient-to-br from-primary to-rose-500 p-8 text-center text-white sm:p-12">
            <h2 id="cta" className="text-3xl font-bold tracking-tight">
              Ready to date with confidence?
            </h2>
            <p className="mx-auto max-w-xl text-white/90">
              Join Today and meet people who are verified, rated and real.
            </p>
            <div className="flex flex-col justify-center gap-3 sm:flex-row">
              <Button size="lg" variant="secondary" asChild>
                <Link to={paths.register}>Sign Up Now</Link>
              </Button>
              <Button
                size="lg"
                variant="outline"
                className="border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white"
                asChild
              >
                <Link to={paths.login}>Log In</Link>
              </Button>
              <Button size="lg" variant="ghost" className="text-white hover:bg-white/10 hover:text-white" asChild>
                <Link to={paths.adminLogin}>Admin Login</Link>
              </Button>
            </div>
            <div className="flex justify-center gap-4 text-sm">
              <Link to={paths.register} className="font-semibold underline underline-offset-4">
                Join Today
              </Link>
              <Link to={paths.safetyCommitment} className="font-semibold underline underline-offset-4">
                Learn More
              </Link>
            </div>
          </Card>
        </section>
      </Suspense>
      <AdSlot placement="home_bottom" className="pb-12" />
    </>
  );
}
