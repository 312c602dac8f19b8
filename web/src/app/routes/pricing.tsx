import { Link } from 'react-router';
import { Check, Crown, Minus, Sparkles } from 'lucide-react';
import {
  FREE_CARD_FEATURES,
  PLAN_FEATURES,
  PREMIUM_CARD_FEATURES,
  PREMIUM_MONTHLY_PRICE,
  PRICING_FAQ,
} from '@contracts/plans-constants';
import { FaqList, PageHeader, TitledSection } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardIconTitle,
  CardTitle,
} from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { useGoPremium } from '@/features/plans/use-go-premium';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

function FeatureList({ items }: { items: string[] }) {
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden /> {item}
        </li>
      ))}
    </ul>
  );
}

function Cell({ value }: { value: boolean | string }) {
  if (typeof value === 'string') return <span className="font-medium">{value}</span>;
  return value ? (
    <Check className="mx-auto size-5 text-primary" aria-label="Included" />
  ) : (
    <Minus className="mx-auto size-5 text-muted-foreground" aria-label="Not included" />
  );
}

export function Component() {
  usePageMeta(
    'Pricing · Vouch',
    `Vouch is free to use. Premium, at $${PREMIUM_MONTHLY_PRICE} a month, adds unlimited likes, super likes, advanced filters and more.`,
  );
  const { session } = useSession();
  const { goPremium, starting } = useGoPremium();
  const paid = session?.subscription.isActive;
  return (
    <div className="mx-auto grid max-w-5xl gap-12 px-4 py-10">
      <PageHeader title="Simple, honest pricing">
        Every safety tool is free for everyone. Premium helps you meet people faster.
      </PageHeader>

      <div className="grid gap-6 md:grid-cols-2">
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle className="text-2xl">Free</CardTitle>
            <CardDescription>Everything you need to date safely.</CardDescription>
            <p className="pt-2 text-4xl font-bold">
              $0<span className="text-base font-normal text-muted-foreground"> / month</span>
            </p>
          </CardHeader>
          <CardContent className="flex-1">
            <FeatureList items={FREE_CARD_FEATURES} />
          </CardContent>
          <CardFooter>
            <Button variant="outline" className="w-full" asChild>
              <Link to={session ? paths.dashboard : paths.register}>Start Free</Link>
            </Button>
          </CardFooter>
        </Card>

        <Card className="relative flex flex-col border-2 border-primary shadow-lg">
          <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
            <Sparkles className="size-3.5" aria-hidden /> Most Popular
          </span>
          <CardHeader>
            <CardIconTitle icon={Crown} size="xl">
              Premium
            </CardIconTitle>
            <CardDescription>For members who want to meet more people, sooner.</CardDescription>
            <p className="pt-2 text-4xl font-bold">
              ${PREMIUM_MONTHLY_PRICE}
              <span className="text-base font-normal text-muted-foreground"> / month</span>
            </p>
          </CardHeader>
          <CardContent className="flex-1">
            <FeatureList items={PREMIUM_CARD_FEATURES} />
          </CardContent>
          <CardFooter className="grid gap-2">
            <Button className="w-full" onClick={() => void goPremium()} disabled={starting || paid}>
              {paid ? 'You are Premium' : starting ? 'Opening payment...' : 'Go Premium'}
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              Paid through a peer-to-peer payment app. Premium starts once we confirm your payment.
            </p>
          </CardFooter>
        </Card>
      </div>

      <TitledSection id="compare" title="Compare plans" className="grid gap-4">
        <div className="overflow-x-auto rounded-2xl border">
          <table className="w-full text-sm">
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className="p-2 text-left font-semibold sm:p-3">
                  Feature
                </th>
                <th scope="col" className="w-16 p-2 text-center font-semibold sm:w-24 sm:p-3">
                  Free
                </th>
                <th scope="col" className="w-20 p-2 text-center font-semibold sm:w-24 sm:p-3">
                  Premium
                </th>
              </tr>
            </thead>
            <tbody>
              {PLAN_FEATURES.map((feature, index) => (
                <tr key={feature.label} className={cn(index % 2 === 1 && 'bg-muted/30')}>
                  <th scope="row" className="p-2 text-left font-normal sm:p-3">
                    {feature.label}
                  </th>
                  <td className="p-2 text-center sm:p-3">
                    <Cell value={feature.free} />
                  </td>
                  <td className="p-2 text-center sm:p-3">
                    <Cell value={feature.premium} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </TitledSection>

      <TitledSection id="pricing-faq" title="Questions about plans" className="grid gap-3">
        <FaqList items={PRICING_FAQ} />
      </TitledSection>
    </div>
  );
}
