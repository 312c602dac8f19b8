import { KeyRound, Lock } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { Card, CardContent } from '@/components/ui/card';
import { MfaCard } from '@/features/account';
import { paths } from '@/lib/paths';

/** The dashboard's Security tab: the second step, and the way to the password and privacy pages. */
export default function SecurityTab() {
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <MfaCard />
      <Card>
        <CardContent className="grid gap-2 pt-6 sm:grid-cols-2">
          <ButtonLink to={paths.changePassword} icon={KeyRound} variant="outline">
            Change Password
          </ButtonLink>
          <ButtonLink to={paths.settings} icon={Lock} variant="outline">
            Privacy Settings
          </ButtonLink>
        </CardContent>
      </Card>
    </div>
  );
}
