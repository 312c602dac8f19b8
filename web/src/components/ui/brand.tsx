import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={className}>
      <rect width="64" height="64" rx="16" className="fill-primary" />
      <path d="M32 48s-16-9.6-16-21a9 9 0 0 1 16-5.6A9 9 0 0 1 48 27c0 11.4-16 21-16 21z" fill="#fff" />
      <path
        d="m25 30 5 5 9-10"
        fill="none"
        className="stroke-primary"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Brand() {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 rounded-lg font-bold text-xl tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <BrandMark />
      <span>Vouch</span>
    </Link>
  );
}
