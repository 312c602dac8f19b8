import { Dialog } from 'radix-ui';
import { Modal } from '@/components/ui/modal';
import { Link } from 'react-router';
import { PartyPopper } from 'lucide-react';
import type { TProfileCard } from '@contracts/discovery';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { CardPhoto, displayName } from './card-parts';

export type Match = { card: TProfileCard; conversationId: string | null };

/** The match announcement itself; match-dialog.tsx loads it the first time a match happens. */
export default function MatchModal({ match, onClose }: { match: Match | null; onClose: () => void }) {
  return (
    <Modal
      open={!!match}
      onOpenChange={(open) => !open && onClose()}
      className="w-[min(92vw,24rem)] justify-items-center rounded-3xl text-center"
    >
      {match && (
        <>
          <PartyPopper className="size-10 text-primary" aria-hidden />
          <Dialog.Title className="text-3xl font-extrabold tracking-tight text-primary">It's a match!</Dialog.Title>
          <CardPhoto card={match.card} size="thumb" className="size-28 rounded-full border-4 border-primary" />
          <Dialog.Description className="text-muted-foreground">
            You and {displayName(match.card)} like each other. Say hello, and meet somewhere public for the first date.
          </Dialog.Description>
          <div className="grid w-full gap-2">
            {match.conversationId && (
              <Button asChild>
                <Link to={`${paths.messages}?conversation=${match.conversationId}`} onClick={onClose}>
                  Send a message
                </Link>
              </Button>
            )}
            <Dialog.Close asChild>
              <Button variant="outline">Keep browsing</Button>
            </Dialog.Close>
          </div>
        </>
      )}
    </Modal>
  );
}
