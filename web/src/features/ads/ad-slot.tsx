import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdPlacement } from '@contracts/admin';
import { useSession } from '@/lib/session';
import { leanData } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useHydrated } from '@/lib/use-hydrated';
import { useWideScreen } from '@/lib/use-wide-screen';

const ROTATE_MS = 8000;

/**
 * An ad placement ('banner': page-wide; 'inline': inside a padded page; 'sidebar': a tall
 * column), shown to visitors and members on the free plan (never on Premium, which the
 * server also enforces): one active ad at a time, rotating when there are several. The server
 * counts one impression per visitor, ad and day; the click goes through the server (which
 * counts it) and opens in a new tab. Failures are only logged.
 */
export function AdSlot({
  placement,
  className,
  layout = 'banner',
}: {
  placement: AdPlacement;
  className?: string;
  layout?: 'banner' | 'inline' | 'sidebar';
}) {
  const { session, isLoading } = useSession();
  const hydrated = useHydrated();
  const premium = session?.subscription.tier === 'premium';
  const ads = useQuery({
    queryKey: ['ads', placement],
    queryFn: async () => (await leanData('/api/ads', 'GET', { query: { placement } })).ads,
    enabled: !isLoading && !premium,
    retry: false,
  });
  const [index, setIndex] = useState(0);
  const counted = useRef(new Set<string>());
  const list = ads.data ?? [];
  const ad = !premium && list.length ? list[index % list.length] : undefined;

  useEffect(() => {
    if (list.length < 2) return;
    const timer = setInterval(() => setIndex((i) => i + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, [list.length]);

  useEffect(() => {
    if (!ad || !hydrated || counted.current.has(ad.id)) return;
    counted.current.add(ad.id);
    leanData('/api/ads/:id/impression', 'POST', { param: { id: ad.id } }).catch((error: unknown) =>
      console.warn('ad impression not counted', error),
    );
  }, [ad, hydrated]);

  if (ads.isError) console.warn('ads not loaded', ads.error);
  if (!ad || !hydrated) return null;
  return (
    <aside aria-label="Advertisement" className={cn(layout === 'banner' && 'mx-auto w-full max-w-6xl px-4', className)}>
      <a
        href={ad.clickUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="group relative block overflow-hidden rounded-2xl border"
      >
        <img
          src={ad.imageUrl}
          alt={ad.name}
          className={cn(
            'w-full object-cover transition group-hover:opacity-95',
            layout === 'sidebar' ? 'aspect-[4/5]' : 'max-h-40',
          )}
        />
        <span className="absolute right-2 top-2 rounded bg-black/60 px-1.5 py-0.5 text-[10px] font-medium uppercase text-white">
          Ad
        </span>
      </a>
    </aside>
  );
}

/**
 * A content page with the 'sidebar' placement beside it on wide screens (1024 px and up). On
 * narrower ones the slot is not rendered at all, so no impression is counted for an unseen ad.
 */
export function WithAdSidebar({ children }: { children: ReactNode }) {
  const wide = useWideScreen(1024);
  if (!wide) return <>{children}</>;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)_15rem] gap-6 pr-4">
      <div className="min-w-0">{children}</div>
      <div className="pt-10">
        <AdSlot placement="sidebar" layout="sidebar" className="sticky top-24" />
      </div>
    </div>
  );
}
