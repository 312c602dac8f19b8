import { useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Modal, ModalCancel } from '@/components/ui/modal';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Megaphone, Pause, Play, Plus, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { AD_PLACEMENTS, CAMPAIGN_TEXT, clickThroughRate, ZCampaignFields, type TCampaign } from '@contracts/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, confirmingItem } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input, Select, SubmitButton } from '@/components/ui/input';
import { checkImageFile } from '@/features/profile';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { campaignsQueryOptions, createCampaign, deleteCampaign, setCampaignActive } from './admin-api';
import { QueryView } from '@/components/page/query-view';

type Fields = z.input<typeof ZCampaignFields>;

function CreateCampaign({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const form = useForm<Fields>({
    resolver: zodResolver(ZCampaignFields) as never,
    defaultValues: { name: '', targetUrl: 'https://', placement: 'home_header' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    if (!file) return setFileError('Choose an image');
    try {
      await createCampaign(file, {
        name: values.name,
        targetUrl: values.targetUrl,
        placement: values.placement ?? 'home_header',
      });
      toast.success(CAMPAIGN_TEXT.created);
      form.reset();
      setFile(null);
      onOpenChange(false);
      void client.invalidateQueries({ queryKey: campaignsQueryOptions.queryKey });
    } catch (error) {
      toast.error(CAMPAIGN_TEXT.createFailed.title, {
        description: errorMessage(error, CAMPAIGN_TEXT.createFailed.description),
      });
    }
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} className="w-[min(94vw,28rem)]">
      <Dialog.Title className="text-lg font-semibold">Create Campaign</Dialog.Title>
      <Dialog.Description className="text-sm text-muted-foreground">
        The image is checked and re-encoded; clicks go through Vouch so they can be counted.
      </Dialog.Description>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field label="Name" error={errors.name?.message}>
          <Input {...form.register('name')} />
        </Field>
        <Field label="Image" error={fileError}>
          <Input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const problem = chosen ? checkImageFile(chosen) : null;
              setFileError(problem?.description);
              setFile(problem ? null : chosen);
            }}
          />
        </Field>
        <Field label="Target URL" error={errors.targetUrl?.message}>
          <Input type="url" {...form.register('targetUrl')} />
        </Field>
        <Field label="Placement">
          <Select {...form.register('placement')}>
            {AD_PLACEMENTS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <ModalCancel />
          <SubmitButton pending={isSubmitting} pendingLabel="Creating...">
            Create Campaign
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

/** Ad campaigns: a grid of cards with their numbers, and the Create Campaign dialog. */
export function CampaignsPanel() {
  const client = useQueryClient();
  const campaigns = useQuery(campaignsQueryOptions);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TCampaign | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: campaignsQueryOptions.queryKey });
  const toggle = useMutation({
    mutationFn: (c: TCampaign) => setCampaignActive(c.id, !c.active),
    onSuccess: () => (toast.success(CAMPAIGN_TEXT.updated), refresh()),
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const remove = useMutation({
    mutationFn: (c: TCampaign) => deleteCampaign(c.id),
    onSuccess: () => (toast.success(CAMPAIGN_TEXT.deleted), setDeleting(null), refresh()),
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  return (
    <div className="grid gap-4">
      <Button className="justify-self-start" onClick={() => setCreating(true)}>
        <Plus aria-hidden /> Create Campaign
      </Button>
      <QueryView
        query={campaigns}
        failure="Could not load the campaigns."
        empty={
          <p className="flex items-center gap-2 rounded-xl bg-muted/60 p-6 text-sm text-muted-foreground">
            <Megaphone className="size-5" aria-hidden /> {CAMPAIGN_TEXT.empty}
          </p>
        }
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Campaigns">
            {list.map((c) => (
              <li key={c.id}>
                <Card className="overflow-hidden" aria-label={c.name}>
                  <img src={c.imageUrl} alt="" className="aspect-[3/1] w-full object-cover" />
                  <div className="grid gap-2 p-4">
                    <p className="flex items-center gap-2 font-medium">
                      {c.name}
                      <span className={cn('pill ml-auto', c.active ? 'pill-good' : 'pill-neutral')}>
                        {c.active ? 'Active' : 'Paused'}
                      </span>
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {c.placement} · {c.targetUrl}
                    </p>
                    <dl className="grid grid-cols-3 gap-2 text-center text-sm">
                      <div>
                        <dt className="text-xs text-muted-foreground">Impressions</dt>
                        <dd className="font-semibold tabular-nums">{c.impressions}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-muted-foreground">Clicks</dt>
                        <dd className="font-semibold tabular-nums">{c.clicks}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-muted-foreground">CTR</dt>
                        <dd className="font-semibold tabular-nums">{clickThroughRate(c)}%</dd>
                      </div>
                    </dl>
                    <div className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => toggle.mutate(c)} disabled={toggle.isPending}>
                        {c.active ? <Pause aria-hidden /> : <Play aria-hidden />} {c.active ? 'Pause' : 'Resume'}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(c)} aria-label={`Delete ${c.name}`}>
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <CreateCampaign open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        {...confirmingItem(deleting, setDeleting, remove)}
        title={`Delete ${deleting?.name}?`}
        description="The campaign and its image are removed, and it stops showing at once."
        confirmLabel="Delete"
        destructive
      />
    </div>
  );
}
