import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab, kept in the address's `?tab=` so that a link or a reload opens it again.
 *
 * The tab shown switches in the click itself. The router applies a change of the address in a
 * transition, a moment later; a panel that waited for it left the old form on screen, and what
 * was typed right after the click went into the form that was about to be unmounted.
 * A change of the address from elsewhere (a link, Back) still moves the tab.
 */
export function useTabParam<T extends string>(
  tabs: readonly T[],
  fallback: T,
  { replace = false }: { replace?: boolean } = {},
): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const fromAddress = (tabs as readonly (string | null)[]).includes(asked) ? (asked as T) : fallback;
  const [shown, setShown] = useState(fromAddress);
  const [lastAddress, setLastAddress] = useState(fromAddress);
  if (lastAddress !== fromAddress) {
    setLastAddress(fromAddress);
    setShown(fromAddress);
  }
  const select = (value: string) => {
    if (!(tabs as readonly string[]).includes(value)) return;
    setShown(value as T);
    setParams({ tab: value }, { replace });
  };
  return [shown, select];
}
