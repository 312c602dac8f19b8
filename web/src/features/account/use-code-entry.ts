import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { MFA_TEXT, ZMfaCode } from '@contracts/account';
import { errorMessage } from '@/lib/api-client';

/**
 * A 6-digit code form: the shape is checked before anything is sent ('Invalid code' /
 * 'Please enter a 6-digit verification code.'), and a refused code is cleared for a new try.
 */
export function useCodeEntry(verify: (code: string) => Promise<unknown>, onVerified: () => void | Promise<void>) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ZMfaCode.safeParse(code).success) return void toast.error(MFA_TEXT.invalidCode.title, { description: MFA_TEXT.invalidCode.description });
    setPending(true);
    try {
      await verify(code);
      await onVerified();
    } catch (error) {
      toast.error(MFA_TEXT.invalidCode.title, { description: errorMessage(error, MFA_TEXT.invalidCode.description) });
    } finally {
      setCode('');
      setPending(false);
    }
  };
  return { code, setCode: (value: string) => setCode(value.trim()), pending, submit };
}
