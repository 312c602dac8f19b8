import { BadgeCheck, Heart, ShieldCheck, Star } from 'lucide-react';

const BARS = [
  { label: 'Safety', value: 95 },
  { label: 'Respect', value: 92 },
  { label: 'Communication', value: 85 },
];

/** The hero's example profile: a drawn card, so the page needs no stock photo. The figures are marketing examples. */
export function ProfileExample() {
  return (
    <figure aria-label="Example of a verified Vouch profile" className="relative mx-auto w-full max-w-sm">
      <div
        aria-hidden
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-br from-rose-200 via-pink-100 to-amber-100 opacity-70 blur-2xl dark:from-rose-900/60 dark:via-fuchsia-900/40 dark:to-amber-900/30"
      />
      <div className="overflow-hidden rounded-3xl border bg-card shadow-xl">
        <div className="relative h-56 bg-gradient-to-br from-rose-400 via-pink-400 to-orange-300">
          <svg viewBox="0 0 200 160" className="absolute inset-x-0 bottom-0 mx-auto h-48" aria-hidden>
            <circle cx="100" cy="62" r="34" fill="#7c2d12" />
            <circle cx="100" cy="68" r="26" fill="#fcd9bd" />
            <path d="M70 60c4-22 56-26 60 0-10-8-20-12-30-12s-22 4-30 12z" fill="#7c2d12" />
            <path d="M44 160c4-34 28-52 56-52s52 18 56 52z" fill="#fff7ed" />
            <path d="M90 78c6 5 14 5 20 0" stroke="#9a3412" strokeWidth="3" fill="none" strokeLinecap="round" />
          </svg>
          <span className="absolute left-3 top-3 inline-flex items-center gap-1 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-emerald-700">
            <BadgeCheck className="size-3.5" aria-hidden /> Selfie verified
          </span>
          <span className="absolute right-3 top-3 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-rose-700">
            78% match
          </span>
        </div>
        <figcaption className="grid gap-4 p-5">
          <div className="flex items-start justify-between">
            <div>
              <p className="text-lg font-semibold">Maya, 29</p>
              <p className="text-sm text-muted-foreground">Hiking · Jazz · Cooking</p>
            </div>
            <div className="text-right">
              <p className="flex items-center gap-1 font-semibold">
                <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden /> 4.8
              </p>
              <p className="text-xs text-muted-foreground">35 dates</p>
            </div>
          </div>
          <ul className="grid gap-2">
            {BARS.map((bar) => (
              <li key={bar.label} className="grid gap-1">
                <div className="flex justify-between text-xs">
                  <span>{bar.label}</span>
                  <span className="text-muted-foreground">{bar.value}%</span>
                </div>
                <div className="h-1.5 rounded-full bg-muted">
                  <div className="h-1.5 rounded-full bg-primary" style={{ width: `${bar.value}%` }} />
                </div>
              </li>
            ))}
          </ul>
          <div className="flex gap-2 text-xs">
            <span className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-2 py-1 font-medium text-blue-800 dark:bg-blue-950 dark:text-blue-200">
              <ShieldCheck className="size-3.5" aria-hidden /> Safe for Family
            </span>
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-1 font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              <Heart className="size-3.5" aria-hidden /> Safe Date
            </span>
          </div>
        </figcaption>
      </div>
    </figure>
  );
}
