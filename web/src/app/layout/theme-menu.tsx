import { DropdownMenu } from 'radix-ui';
import { THEME_OPTIONS as OPTIONS } from './theme-options';
import { useTheme, type Theme } from '@/lib/theme';
import { MenuButton } from './menu-button';

export default function ThemeMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <MenuButton kind="theme" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="menu-content">
          <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            {OPTIONS.map(({ value, label, icon: Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className="menu-item">
                <Icon className="size-4" aria-hidden />
                {label}
                <DropdownMenu.ItemIndicator className="ml-auto text-primary">•</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
