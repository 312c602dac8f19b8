import { useState, type ChangeEvent } from 'react';
import { Slider } from 'radix-ui';
import { Crown, Lock, Search, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { AGE_FILTER, DEFAULT_RADIUS_KM, RADIUS_CHOICES_KM, type GenderFilter } from '@contracts/discovery-constants';
import { paths } from '@/lib/paths';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { Checkbox } from '@/components/ui/checkbox';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type FilterState = {
  location: string;
  gender: GenderFilter;
  ages: [number, number];
  verifiedOnly: boolean;
  q: string;
  radiusKm: number;
  /** Advanced (Premium): 0 means any rating. */
  minRating: number;
  verifiedDates: boolean;
  recentlyActive: boolean;
};

export const DEFAULT_FILTERS: FilterState = {
  location: '',
  gender: 'all',
  ages: [AGE_FILTER.defaultMin, AGE_FILTER.defaultMax],
  verifiedOnly: false,
  q: '',
  radiusKm: DEFAULT_RADIUS_KM,
  minRating: 0,
  verifiedDates: false,
  recentlyActive: false,
};

/** How many filters differ from the defaults (the search text aside: it is always in view). */
export function changedFilterCount(value: FilterState, nearby: boolean): number {
  const changed = [
    nearby ? value.radiusKm !== DEFAULT_FILTERS.radiusKm : value.location.trim() !== '',
    value.gender !== DEFAULT_FILTERS.gender,
    value.ages[0] !== DEFAULT_FILTERS.ages[0] || value.ages[1] !== DEFAULT_FILTERS.ages[1],
    value.verifiedOnly,
    value.minRating > 0,
    value.verifiedDates,
    value.recentlyActive,
  ];
  return changed.filter(Boolean).length;
}

/** Premium's filters. On the free plan they show, locked, with the way to unlock them. */
function AdvancedFilters({
  value,
  set,
  premium,
}: {
  value: FilterState;
  set: <K extends keyof FilterState>(key: K, v: FilterState[K]) => void;
  premium: boolean;
}) {
  return (
    <fieldset
      className="grid gap-3 rounded-xl border border-dashed p-3 sm:col-span-2 lg:col-span-5 lg:grid-cols-[auto_1fr_auto_auto] lg:items-end"
      disabled={!premium}
    >
      <legend className="flex items-center gap-1.5 px-1 text-sm font-medium">
        <Crown className="size-4 text-primary" aria-hidden /> Advanced filters
        {!premium && (
          <Link
            to={paths.pricing}
            className="ml-1 inline-flex items-center gap-1 text-xs font-normal text-primary underline-offset-4 hover:underline"
          >
            <Lock className="size-3" aria-hidden /> Premium
          </Link>
        )}
      </legend>
      <Field label="Minimum rating">
        <Select value={String(value.minRating)} onChange={(e) => set('minRating', Number(e.target.value))}>
          <option value="0">Any rating</option>
          {[3, 3.5, 4, 4.5].map((stars) => (
            <option key={stars} value={stars}>
              {stars}+ stars
            </option>
          ))}
        </Select>
      </Field>
      <span className="hidden lg:block" />
      <Checkbox className="h-10" checked={value.verifiedDates} onCheckedChange={(on) => set('verifiedDates', on)}>
        Has verified dates
      </Checkbox>
      <Checkbox className="h-10" checked={value.recentlyActive} onCheckedChange={(on) => set('recentlyActive', on)}>
        Active this week
      </Checkbox>
    </fieldset>
  );
}

const CITY_SUGGESTIONS = ['Chicago', 'New York', 'Los Angeles', 'San Francisco'];

export function DiscoverFilters({
  value,
  onChange,
  nearby,
  premium,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
  nearby: boolean;
  premium: boolean;
}) {
  // On a phone the search stays in view and the other filters fold behind a button, so the first
  // screen shows people; from md up they are all in view.
  const [open, setOpen] = useState(false);
  const changed = changedFilterCount(value, nearby);
  const set = <K extends keyof FilterState>(key: K, v: FilterState[K]) => onChange({ ...value, [key]: v });
  /** The value and change handler of a typed-in filter. */
  const textFilter = (key: 'q' | 'location') => ({
    value: value[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
  });
  return (
    <div
      className="grid items-start gap-4 rounded-2xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5"
      role="search"
      aria-label="Filter profiles"
    >
      <div className="relative lg:col-span-2">
        <Field label="Search">
          <Input className="pl-9" placeholder="Name or bio" {...textFilter('q')} />
        </Field>
        {/* Centred on the input's own row (h-10), which is the bottom of this cell. */}
        <span
          className="pointer-events-none absolute bottom-0 left-3 flex h-10 items-center text-muted-foreground"
          aria-hidden
        >
          <Search className="size-4" />
        </span>
      </div>
      <Button
        type="button"
        variant="outline"
        className="md:hidden"
        aria-expanded={open}
        aria-controls="more-filters"
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal aria-hidden />
        {open ? 'Hide filters' : changed ? `Filters (${changed} on)` : 'Filters'}
      </Button>
      <div id="more-filters" className={cn('contents', !open && 'max-md:hidden')}>
        {nearby ? (
          <Field label={premium ? 'Distance' : 'Distance (Premium)'}>
            <Select
              value={String(value.radiusKm)}
              onChange={(e) => set('radiusKm', Number(e.target.value))}
              disabled={!premium}
            >
              {RADIUS_CHOICES_KM.map((km) => (
                <option key={km} value={km}>
                  Within {km} km
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <Field label="Location">
            <Input list="city-suggestions" placeholder="Any city" {...textFilter('location')} />
          </Field>
        )}
        <datalist id="city-suggestions">
          {CITY_SUGGESTIONS.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
        <Field label="Gender">
          <Select value={value.gender} onChange={(e) => set('gender', e.target.value as GenderFilter)}>
            <option value="all">Everyone</option>
            <option value="female">Women</option>
            <option value="male">Men</option>
            <option value="other">Other genders</option>
          </Select>
        </Field>
        <div className="grid gap-2">
          <p className="text-sm font-medium" id="age-label">
            Age {value.ages[0]}–{value.ages[1]}
          </p>
          <Slider.Root
            className="relative flex h-6 w-full touch-none select-none items-center"
            min={AGE_FILTER.min}
            max={AGE_FILTER.max}
            step={1}
            minStepsBetweenThumbs={0}
            value={value.ages}
            onValueChange={(ages) => set('ages', [ages[0]!, ages[1]!])}
            aria-labelledby="age-label"
          >
            <Slider.Track className="relative h-1.5 grow rounded-full bg-muted">
              <Slider.Range className="absolute h-full rounded-full bg-primary" />
            </Slider.Track>
            {['Minimum age', 'Maximum age'].map((label) => (
              <Slider.Thumb
                key={label}
                aria-label={label}
                className="block size-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
            ))}
          </Slider.Root>
          <Checkbox checked={value.verifiedOnly} onCheckedChange={(on) => set('verifiedOnly', on)}>
            Verified only
          </Checkbox>
        </div>
        <AdvancedFilters value={value} set={set} premium={premium} />
      </div>
    </div>
  );
}
