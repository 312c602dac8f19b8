import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdPlacement, TPublicAd } from '@contracts/admin';
import { useSession } from '@/features/auth/use-session';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/utils';

const ROTATE_MS = 8000;

/**
 * An ad placement, shown to visitors: one active ad at a time, rotating when there are
 * several. The server counts one impression per visitor, ad and day; the click goes through the
 * server (which counts it) and opens in a new tab. Failures are only logged.
 */
export function AdSlot({ placement, className }: { placement: AdPlacement; className?: string }) {
  const { session, isLoading } = useSession();
  const ads = useQuery({
    queryKey: ['ads', placement],
    queryFn: async () => (await api<{ ads: TPublicAd[] }>(`/api/ads?placement=${placement}`)).ads,
    enabled: !isLoading && !session,
    retry: false,
  });
  const [index, setIndex] = useState(0);
  const counted = useRef(new Set<string>());
  const list = ads.data ?? [];
  const ad = list.length ? list[index % list.length] : undefined;

  useEffect(() => {
    if (list.length < 2) return;
    const timer = setInterval(() => setIndex((i) => i + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, [list.length]);

  useEffect(() => {
    if (!ad || counted.current.has(ad.id)) return;
    counted.current.add(ad.id);
    api(`/api/ads/${ad.id}/impression`, { method: 'POST', body: {} }).catch((error: unknown) => console.warn('ad impression not counted', error));
  }, [ad]);

  if (ads.isError) console.warn('ads not loaded', ads.error);
  if (!ad || session) return null;
  return (
    <aside aria-label="Advertisement" className={cn('mx-auto w-full max-w-6xl px-4', className)}>
      <a href={ad.clickUrl} target="_blank" rel="noopener noreferrer" className="group relative block overflow-hidden rounded-2xl border">
        <img src={ad.imageUrl} alt={ad.name} className="max-h-40 w-full object-cover transition group-hover:opacity-95" />
        <span className="absolute right-2 top-2 rounded bg-black/50 px-1.5 py-0.5 text-[10px] font-medium uppercase text-white">Ad</span>
      </a>
    </aside>
  );
}
