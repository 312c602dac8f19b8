import type { ComponentProps, ElementType, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** One part of a card: the element it renders, with the card's component class and the caller's own. */
function cardPart<Tag extends 'div' | 'h2' | 'p'>(Tag: Tag, base: string) {
  return function CardPart({ className, ...props }: ComponentProps<Tag>) {
    const Element = Tag as ElementType;
    return <Element className={cn(base, className)} {...props} />;
  };
}

export const Card = cardPart('div', 'card');
export const CardHeader = cardPart('div', 'card-header');
export const CardTitle = cardPart('h2', 'card-title');
export const CardDescription = cardPart('p', 'card-description');
export const CardContent = cardPart('div', 'card-content');
export const CardFooter = cardPart('div', 'card-footer');

const TITLE_SIZES = {
  sm: ['text-base', 'size-4'],
  md: ['text-lg', 'size-5'],
  lg: ['text-xl', 'size-6'],
  xl: ['text-2xl', 'size-6'],
} as const;

/** A card's title led by its icon in the brand colour; the icon grows with the title. */
export function CardIconTitle({
  icon: Icon,
  size = 'md',
  children,
}: {
  icon: LucideIcon;
  size?: keyof typeof TITLE_SIZES;
  children: ReactNode;
}) {
  const [text, icon] = TITLE_SIZES[size];
  return (
    <CardTitle className={cn('flex items-center gap-2', text)}>
      <Icon className={cn(icon, 'text-primary')} aria-hidden /> {children}
    </CardTitle>
  );
}
