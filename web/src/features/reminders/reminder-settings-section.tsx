import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { REMINDER_KINDS, REMINDER_LABELS, type TReminderSettings } from '@contracts/reminders';
import { QuerySection } from '@/components/page/settings-section';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { reminderSettingsQueryOptions, saveReminderSettings } from './reminders-api';

/** Settings: which emails we send while the member is away, one switch a kind. */
export function ReminderSettingsSection() {
  const client = useQueryClient();
  const settings = useQuery(reminderSettingsQueryOptions);
  const save = useMutation({
    mutationFn: saveReminderSettings,
    onMutate: (changes) => {
      const before = client.getQueryData(reminderSettingsQueryOptions.queryKey);
      if (before) client.setQueryData(reminderSettingsQueryOptions.queryKey, { ...before, ...changes });
      return before;
    },
    onSuccess: (saved) => client.setQueryData(reminderSettingsQueryOptions.queryKey, saved),
    onError: (error, _changes, before) => {
      if (before) client.setQueryData(reminderSettingsQueryOptions.queryKey, before);
      toast.error(errorMessage(error, 'Could not save. Please try again.'));
    },
  });
  return (
    <QuerySection
      id="email"
      icon={Mail}
      title="Email while you are away"
      description="We email only when you are not on Vouch, never with what anyone wrote. Every email has a link to stop that kind."
      query={settings}
      failure="Could not load your email settings."
    >
      {(current: TReminderSettings) => (
        <div className="grid divide-y">
          {REMINDER_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={REMINDER_LABELS[kind].label}
              description={REMINDER_LABELS[kind].description}
              checked={current[kind]}
              onCheckedChange={(on) => save.mutate({ [kind]: on })}
            />
          ))}
        </div>
      )}
    </QuerySection>
  );
}
