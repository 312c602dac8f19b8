import { useTheme } from '@/lib/theme';
import { THEME_OPTIONS as OPTIONS } from './theme-options';

/** The plain three-way switch used in the mobile side menu. */
export function ThemeSwitch() {
  const { theme, setTheme } = useTheme();
  return (
    <div role="radiogroup" aria-label="Theme" className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          onClick={() => setTheme(value)}
          className="flex items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm aria-checked:bg-background aria-checked:shadow-sm"
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}
