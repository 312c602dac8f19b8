import { Link } from 'react-router';
import { Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useGoPremium } from './use-go-premium';

/** The upgrade path, where the free plan stops: what Premium adds, Go Premium, and the plans page. */
export function UpgradeCard({
  title,
  children,
  className,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  const { goPremium, starting } = useGoPremium();
  return (
    <div
      className={cn('grid gap-3 rounded-2xl border border-primary/30 bg-primary/5 p-5', className)}
      role="region"
      aria-label={title}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Crown className="size-5 text-primary" aria-hidden /> {title}
      </p>
      <div className="text-sm text-muted-foreground">{children}</div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void goPremium()} disabled={starting}>
          {starting ? 'Opening payment...' : 'Go Premium'}
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.pricing}>Compare plans</Link>
        </Button>
      </div>
    </div>
  );
}
