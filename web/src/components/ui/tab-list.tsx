import { Tabs } from 'radix-ui';
import { cn } from '@/lib/utils';

/** A row of plain text tabs for a radix Tabs.Root: each entry is a tab's value and its label. */
export function TabList({
  label,
  tabs,
  className,
  tabClassName,
}: {
  label: string;
  tabs: readonly (readonly [value: string, text: string])[];
  className?: string;
  tabClassName?: string;
}) {
  return (
    <Tabs.List aria-label={label} className={cn('tab-list', className)}>
      {tabs.map(([value, text]) => (
        <Tabs.Trigger key={value} value={value} className={cn('tab', tabClassName)}>
          {text}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
