import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { MFA_TEXT, ZMfaCode } from '@contracts/account';
import { ApiError, errorMessage } from '@/lib/api-client';

/** Why a code was refused, in words: each refusal has its own title and next step. */
function explainRefusal(error: unknown, onExpired?: () => void) {
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'INVALID_CODE') return toast.error(MFA_TEXT.invalidCode.title, { description: MFA_TEXT.codeRefused });
  if (code === 'OTP_HAS_EXPIRED')
    return toast.error(MFA_TEXT.codeExpired.title, { description: MFA_TEXT.codeExpired.description });
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
    return toast.error(MFA_TEXT.tooManyTries.title, { description: MFA_TEXT.tooManyTries.description });
  // Too many codes from new devices: the owner was mailed a link that makes this device hers.
  if (code === 'DEVICE_CHECK')
    return toast.error('Approve this device first', { description: errorMessage(error, 'Check your email.') });
  if (code === 'INVALID_TWO_FACTOR_COOKIE' && onExpired) {
    toast.error(MFA_TEXT.signInExpired.title, { description: MFA_TEXT.signInExpired.description });
    return onExpired();
  }
  toast.error('Could not check the code', { description: errorMessage(error, 'Please try again.') });
}

/**
 * A 6-digit code form: the shape is checked before anything is sent ('Invalid code' /
 * 'Please enter a 6-digit verification code.'), a refused code is explained and cleared for a
 * new try, and a sign-in whose password step has expired goes back to it (`onExpired`).
 */
export function useCodeEntry(
  verify: (code: string) => Promise<unknown>,
  onVerified: () => void | Promise<void>,
  onExpired?: () => void,
) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ZMfaCode.safeParse(code).success) {
      toast.error(MFA_TEXT.invalidCode.title, { description: MFA_TEXT.invalidCode.description });
      return;
    }
    setPending(true);
    try {
      await verify(code);
      await onVerified();
    } catch (error) {
      explainRefusal(error, onExpired);
    } finally {
      setCode('');
      setPending(false);
    }
  };
  return { code, setCode: (value: string) => setCode(value.trim()), pending, submit };
}
