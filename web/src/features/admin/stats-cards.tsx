import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CalendarPlus, Crown, DollarSign, Heart, MessageCircle, Star, Users } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ADMIN_TEXT, type TAdminStats } from '@contracts/admin';
import { Card } from '@/components/ui/card';
import { statsQueryOptions } from './admin-api';

const CARDS: { key: keyof TAdminStats; label: string; icon: typeof Users; money?: boolean }[] = [
  { key: 'totalUsers', label: 'Total users', icon: Users },
  { key: 'newToday', label: 'New today', icon: CalendarPlus },
  { key: 'premiumMembers', label: 'Premium members', icon: Crown },
  { key: 'monthlyRevenue', label: 'Monthly revenue', icon: DollarSign, money: true },
  { key: 'messages', label: 'Messages', icon: MessageCircle },
  { key: 'matches', label: 'Matches', icon: Heart },
  { key: 'verifiedProfiles', label: 'Verified profiles', icon: BadgeCheck },
  { key: 'ratings', label: 'Ratings', icon: Star },
];

/** Platform statistics: pushed live over the realtime socket, refetched every 30 s as well. */
export function StatsCards({ only }: { only?: (keyof TAdminStats)[] }) {
  const stats = useQuery(statsQueryOptions);
  useEffect(() => {
    if (stats.isError) toast.error(ADMIN_TEXT.statsError.title, { description: ADMIN_TEXT.statsError.description });
  }, [stats.isError]);
  const cards = only ? CARDS.filter((c) => only.includes(c.key)) : CARDS;
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Statistics">
      {cards.map(({ key, label, icon: Icon, money }) => (
        <li key={key}>
          <Card className="grid gap-1 p-4">
            <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Icon className="size-4 text-primary" aria-hidden /> {label}
            </span>
            <span
              className="text-2xl font-bold tabular-nums"
              aria-label={`${label}: ${stats.data ? stats.data[key] : 'loading'}`}
            >
              {stats.data ? (money ? `$${stats.data[key].toFixed(2)}` : stats.data[key].toLocaleString()) : '–'}
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
