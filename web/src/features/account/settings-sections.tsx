import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Activity, Download, EyeOff, Laptop, Smartphone, Trash2, UserX } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ACCOUNT_EVENT_LABELS, DELETE_TEXT, type TActiveSession, type TPrivacySettings } from '@contracts/account';
import { QuerySection, SectionEmpty, SettingsSection } from '@/components/page/settings-section';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { sessionQueryOptions } from '@/lib/session';
import { errorMessage } from '@/lib/api-client';
import { accountApi, activityQueryOptions, privacyQueryOptions, sessionsQueryOptions } from './account-api';
import { PasswordDialog } from './password-dialog';

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** A readable device name from a user agent: enough to recognise one's own phone. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}
const isPhone = (userAgent: string | null) => !!userAgent && /Mobile|Android|iPhone/.test(userAgent);

const PRIVACY_SWITCHES: { key: keyof TPrivacySettings; label: string; description: string }[] = [
  {
    key: 'hideProfile',
    label: 'Hide my profile',
    description: 'Nobody new sees you in discovery. Your matches and chats stay.',
  },
  {
    key: 'verifiedOnlyMessages',
    label: 'Only verified members may message me',
    description: 'Matches who have not verified their selfie cannot write to you.',
  },
  {
    key: 'showDistance',
    label: 'Show my distance',
    description:
      'Others see a rough band such as "under 5 km" and find you in Nearby. Turned off, you appear only when members browse or search by city. Your position is never shown.',
  },
];

export function PrivacySection() {
  const client = useQueryClient();
  const privacy = useQuery(privacyQueryOptions);
  const save = useMutation({
    mutationFn: accountApi.savePrivacy,
    onMutate: (next) => client.setQueryData(privacyQueryOptions.queryKey, next),
    onSuccess: (saved) => {
      client.setQueryData(privacyQueryOptions.queryKey, saved);
      toast.success('Privacy settings saved');
    },
    onError: (error) => {
      toast.error('Could not save your privacy settings', { description: errorMessage(error, 'Please try again.') });
      void client.invalidateQueries({ queryKey: privacyQueryOptions.queryKey });
    },
  });
  return (
    <QuerySection
      icon={EyeOff}
      title="Privacy"
      description="Who can find you and write to you. Free for everyone."
      query={privacy}
      failure="Could not load your privacy settings."
    >
      {(settings) => (
        <div className="grid divide-y">
          {PRIVACY_SWITCHES.map(({ key, label, description }) => (
            <Switch
              key={key}
              label={label}
              description={description}
              checked={settings[key]}
              onCheckedChange={(on) => save.mutate({ ...settings, [key]: on })}
            />
          ))}
        </div>
      )}
    </QuerySection>
  );
}

export function SessionsSection() {
  const client = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions);
  const revoke = useMutation({
    mutationFn: accountApi.revokeOtherSessions,
    onSuccess: ({ revoked }) => {
      toast.success('Signed out of other devices', {
        description: revoked === 1 ? 'One other device was signed out.' : `${revoked} other devices were signed out.`,
      });
      void client.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
      void client.invalidateQueries({ queryKey: activityQueryOptions.queryKey });
    },
    onError: (error) =>
      toast.error('Could not sign out other devices', { description: errorMessage(error, 'Please try again.') }),
  });
  const revokeOne = useMutation({
    mutationFn: (s: TActiveSession) => accountApi.revokeSession(s.id),
    onSuccess: (_, s) => {
      toast.success('Signed out', { description: `${deviceName(s.userAgent)} is signed out.` });
      void client.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
      void client.invalidateQueries({ queryKey: activityQueryOptions.queryKey });
    },
    onError: (error) => {
      toast.error('Could not sign out that device', { description: errorMessage(error, 'Please try again.') });
      void client.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <QuerySection
      icon={Laptop}
      title="Active sessions"
      description="Where you are signed in. Sign out anywhere you do not recognise."
      query={sessions}
      failure="Could not load your sessions."
    >
      {(list) => (
        <div className="grid gap-3">
          <ul className="grid gap-2" aria-label="Active sessions">
            {list.map((s) => {
              const Icon = isPhone(s.userAgent) ? Smartphone : Laptop;
              return (
                <li key={s.id} className="flex min-w-0 items-center gap-3 rounded-xl border p-3 text-sm">
                  <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {deviceName(s.userAgent)}{' '}
                      {s.current && (
                        <span className="ml-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs text-primary-strong">
                          This device
                        </span>
                      )}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Signed in {when(s.createdAt)}
                      {s.ip ? ` · ${s.ip}` : ''}
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={revokeOne.isPending && revokeOne.variables?.id === s.id}
                      onClick={() => revokeOne.mutate(s)}
                      aria-label={`Sign out ${deviceName(s.userAgent)}, signed in ${when(s.createdAt)}`}
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={!others || revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            Sign out of other devices
          </Button>
        </div>
      )}
    </QuerySection>
  );
}

export function ActivitySection() {
  const activity = useQuery(activityQueryOptions);
  return (
    <QuerySection
      icon={Activity}
      title="Recent security activity"
      description="Sign-ins and changes to your password and second factors."
      query={activity}
      failure="Could not load your activity."
    >
      {(events) =>
        !events.length ? (
          <SectionEmpty>Nothing yet.</SectionEmpty>
        ) : (
          <ol className="grid max-h-80 gap-1 overflow-y-auto text-sm" aria-label="Security activity">
            {events.slice(0, 30).map((event) => (
              <li
                key={event.id}
                className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 rounded-lg px-2 py-1.5 odd:bg-muted/40"
              >
                <span className="font-medium">
                  {ACCOUNT_EVENT_LABELS[event.kind as keyof typeof ACCOUNT_EVENT_LABELS] ?? event.kind}
                </span>
                <span className="text-xs text-muted-foreground">
                  {when(event.createdAt)} · {deviceName(event.userAgent)}
                  {event.ip ? ` · ${event.ip}` : ''}
                </span>
              </li>
            ))}
          </ol>
        )
      }
    </QuerySection>
  );
}

export function AccountDataSection() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <SettingsSection
      icon={UserX}
      title="Your data and account"
      description="Take a copy of everything we hold about you, or leave for good."
    >
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <a href="/api/account/export" download>
            <Download aria-hidden /> Download my data
          </a>
        </Button>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden /> Delete account
        </Button>
      </div>
      <PasswordDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={DELETE_TEXT.title}
        description={DELETE_TEXT.description}
        confirmLabel="Delete my account"
        destructive
        onConfirm={async (password) => {
          try {
            await accountApi.deleteAccount(password);
          } catch (error) {
            throw new Error(errorMessage(error, 'Please try again.'));
          }
          client.setQueryData(sessionQueryOptions.queryKey, null);
          client.clear();
          toast.success(DELETE_TEXT.deleted.title, { description: DELETE_TEXT.deleted.description });
          void navigate('/');
        }}
      />
    </SettingsSection>
  );
}
