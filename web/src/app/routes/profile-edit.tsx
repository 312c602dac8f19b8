import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { COUNTRIES } from '@contracts/auth';
import { GENDER_LABELS, GENDERS, PROFILE_TEXT } from '@contracts/profile-constants';
import { profileFormToUpdate, ZProfileForm, type TProfileForm } from '@contracts/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Select, SubmitButton } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { PhotoPanel } from '@/features/profile/photo-panel';
import { ownProfileQueryOptions, saveProfile, useOwnProfile } from '@/features/profile/profile-api';
import { InterestsAndBioFields, NameAndAgeFields } from '@/features/profile/about-fields';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { RequireMember } from '../guards';

const EMPTY: TProfileForm = { name: '', age: '', gender: '', location: '', bio: '', interests: '' };

function ProfileEditor() {
  usePageMeta('Edit profile · Vouch');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { session } = useSession();
  const profile = useOwnProfile();
  const form = useForm<TProfileForm>({ resolver: zodResolver(ZProfileForm), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  // Prefill from the saved profile, or from what the member gave at registration.
  useEffect(() => {
    if (profile.isPending) return;
    const saved = profile.data;
    const registration = session?.registration;
    const country = COUNTRIES.find((c) => c.value === registration?.country && c.value !== 'other')?.label ?? '';
    form.reset(
      saved
        ? {
            name: saved.name,
            age: saved.age ? String(saved.age) : '',
            gender: saved.gender ?? '',
            location: saved.location ?? '',
            bio: saved.bio ?? '',
            interests: saved.interests.join(', '),
          }
        : {
            name: registration?.name ?? session?.user.name ?? '',
            age: registration?.age ? String(registration.age) : '',
            gender: '',
            location: country,
            bio: registration?.bio ?? '',
            interests: (registration?.interests ?? []).join(', '),
          },
    );
  }, [profile.isPending, profile.data, session, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveProfile(profileFormToUpdate(values));
      client.setQueryData(ownProfileQueryOptions.queryKey, saved);
      toast.success('Profile saved', { description: 'Your changes are live.' });
      void navigate(paths.dashboard);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error('Authentication Error', { description: 'You must be logged in to save your profile.' });
        void navigate(paths.login);
        return;
      }
      toast.error(PROFILE_TEXT.saveFailed, { description: error instanceof Error ? error.message : undefined });
    }
  });

  if (profile.isPending) return <PageSpinner label="Loading your profile..." />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <p className="mb-4">{PROFILE_TEXT.loadFailed}</p>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="mb-1 text-3xl font-bold tracking-tight">
        {profile.data ? 'Edit Profile' : 'Create Your Profile'}
      </h1>
      <p className="mb-8 text-muted-foreground">Real photos and an honest bio get more matches, and safer ones.</p>
      <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
        <Card>
          <CardContent className="pt-6">
            <PhotoPanel />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Personal Information</CardTitle>
          </CardHeader>
          <CardContent>
            <form className="grid gap-4" onSubmit={onSubmit} noValidate>
              <NameAndAgeFields form={form} />
              <Field label="Gender" optional error={errors.gender?.message}>
                <Select {...form.register('gender')}>
                  <option value="">Prefer not to set</option>
                  {GENDERS.map((gender) => (
                    <option key={gender} value={gender}>
                      {GENDER_LABELS[gender]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Location"
                optional
                hint="Your city or area, as you want others to see it"
                error={errors.location?.message}
              >
                <Input autoComplete="address-level2" {...form.register('location')} />
              </Field>
              <InterestsAndBioFields form={form} />
              <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={() => navigate(paths.dashboard)}>
                  Cancel
                </Button>
                <SubmitButton pending={isSubmitting} pendingLabel="Saving...">
                  Save
                </SubmitButton>
              </div>
            </form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export function Component() {
  return (
    <RequireMember>
      <ProfileEditor />
    </RequireMember>
  );
}
