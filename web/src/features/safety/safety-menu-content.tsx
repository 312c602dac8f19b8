import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Flag, HeartCrack } from 'lucide-react';
import { toast } from '@/lib/toast';
import { SAFETY_TEXT } from '@contracts/safety';
import { ConfirmDialog, confirmingItem } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { ReportDialog, type ReportTarget } from './report-dialog';
import { blockMember, refreshAfterSafetyAction, unmatch } from './safety-api';
import { SafetyMenuTrigger, type SafetyMenuProps } from './safety-menu';

/** The safety menu itself, loaded on first use (safety-menu.tsx), with its questions and the report form. */
export default function SafetyMenuContent({
  member,
  conversationId,
  matchId,
  className,
  onEnded,
  defaultOpen,
}: SafetyMenuProps & { defaultOpen: boolean }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState<'block' | 'unmatch' | null>(null);
  const [report, setReport] = useState<ReportTarget | null>(null);

  const action = useMutation({
    mutationFn: (kind: 'block' | 'unmatch'): Promise<unknown> =>
      kind === 'block' ? blockMember(member.userId) : unmatch(matchId!),
    onSuccess: (_result, kind) => {
      if (kind === 'block') {
        const text = SAFETY_TEXT.blocked(member.name);
        toast.success(text.title, { description: text.description });
      } else {
        toast.success(SAFETY_TEXT.unmatched);
      }
      setAsking(null);
      refreshAfterSafetyAction(client);
      onEnded?.();
    },
    onError: (error) => toast.error(errorMessage(error, 'Something went wrong. Please try again.')),
  });

  const question = asking === 'block' ? SAFETY_TEXT.blockConfirm(member.name) : SAFETY_TEXT.unmatchConfirm(member.name);
  return (
    <>
      <DropdownMenu.Root defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger asChild>
          <SafetyMenuTrigger name={member.name} className={className} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="menu-content">
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() =>
                setReport({
                  subjectId: member.userId,
                  name: member.name,
                  source: conversationId ? 'chat' : 'profile',
                  conversationId,
                })
              }
            >
              <Flag className="size-4" aria-hidden /> Report
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item text-destructive" onSelect={() => setAsking('block')}>
              <Ban className="size-4" aria-hidden /> Block
            </DropdownMenu.Item>
            {matchId && (
              <DropdownMenu.Item className="menu-item" onSelect={() => setAsking('unmatch')}>
                <HeartCrack className="size-4" aria-hidden /> Unmatch
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        {...confirmingItem(asking, setAsking, action)}
        title={question.title}
        description={question.description}
        confirmLabel={asking === 'block' ? 'Block' : 'Unmatch'}
        destructive
      />
      <ReportDialog target={report} onClose={() => setReport(null)} />
    </>
  );
}
