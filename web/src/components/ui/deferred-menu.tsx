import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

type MenuProps = { defaultOpen: boolean };

/**
 * Shows a plain trigger until the member first uses it, then loads the real (Radix) menu,
 * opened. Menus stay out of the first page's JavaScript; hovering or focusing the trigger
 * starts the download early.
 */
export function deferredMenu<P extends object>(load: () => Promise<{ default: ComponentType<P & MenuProps> }>) {
  const Menu = lazy(load);
  return function DeferredMenu({ trigger, ...props }: P & { trigger: (handlers: TriggerHandlers) => ReactNode }) {
    const [loaded, setLoaded] = useState(false);
    const placeholder = trigger({
      onClick: () => setLoaded(true),
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
    });
    if (!loaded) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Menu {...(props as P)} defaultOpen />
      </Suspense>
    );
  };
}

export type TriggerHandlers = { onClick: () => void; onPointerEnter: () => void; onFocus: () => void };
