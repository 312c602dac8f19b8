import { Link } from 'react-router';
import { KeyRound, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
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
          <Button variant="outline" asChild>
            <Link to={paths.changePassword}>
              <KeyRound aria-hidden /> Change Password
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.settings}>
              <Lock aria-hidden /> Privacy Settings
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
