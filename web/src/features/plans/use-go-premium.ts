import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { PLAN_TEXT } from '@contracts/plans-constants';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { startUpgrade } from './plans-api';

/**
 * Go Premium: a visitor is told to sign in and sent to /login; a member's attempt is logged by
 * the server, which answers the payment page to open. Premium starts once an admin confirms.
 */
export function useGoPremium() {
  const { session } = useSession();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const goPremium = async () => {
    if (!session) {
      toast.error(PLAN_TEXT.signInRequired.title, { description: PLAN_TEXT.signInRequired.description });
      void navigate(paths.login);
      return;
    }
    setStarting(true);
    try {
      const { paymentUrl } = await startUpgrade();
      window.location.assign(paymentUrl);
    } catch (error) {
      console.error('upgrade failed', error);
      toast.error(PLAN_TEXT.paymentError.title, { description: PLAN_TEXT.paymentError.description });
      setStarting(false);
    }
  };
  return { goPremium, starting };
}
