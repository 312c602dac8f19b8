import { Settings, UserPen } from 'lucide-react';
import { PROFILE_DEFAULTS } from '@contracts/profile-constants';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { useOwnProfile } from '@/features/profile';
import { ReputationSummary, SelfieCard } from '@/features/trust';
import { paths } from '@/lib/paths';

/** The dashboard's Profile tab: the member's card as others see it, and the selfie check. */
export default function ProfileTab() {
  const { data: profile } = useOwnProfile();
  if (!profile) return null;
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <Card className="overflow-hidden">
        <div className="flex gap-4 p-6">
          {profile.photos[0] ? (
            <img src={profile.photos[0].thumbUrl} alt="Your main photo" className="size-24 rounded-2xl object-cover" />
          ) : (
            <div className="flex size-24 items-center justify-center rounded-2xl bg-muted text-sm text-muted-foreground">
              No photo
            </div>
          )}
          <div className="grid content-start gap-1">
            <h2 className="text-xl font-bold">
              {profile.name}, {profile.age ?? PROFILE_DEFAULTS.age}
            </h2>
            <p className="text-sm text-muted-foreground">{profile.location ?? PROFILE_DEFAULTS.location}</p>
            <p className="text-sm">{profile.bio ?? PROFILE_DEFAULTS.bio}</p>
          </div>
        </div>
        <div className="border-t px-6 py-4">
          <ReputationSummary
            avgRating={profile.avgRating}
            reviewCount={profile.reviewCount}
            badges={profile.badges}
            trustScore={profile.trustScore}
          />
        </div>
        <div className="flex gap-2 border-t p-4">
          <ButtonLink to={paths.profileEdit} icon={UserPen}>
            Edit Profile
          </ButtonLink>
          <ButtonLink to={paths.settings} icon={Settings} variant="outline">
            Settings
          </ButtonLink>
        </div>
      </Card>
      <SelfieCard />
    </div>
  );
}
