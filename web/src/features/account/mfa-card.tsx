import { useEffect, useState } from 'react';
import { Dialog } from 'radix-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { ShieldCheck, Smartphone } from 'lucide-react';
import { toast } from '@/lib/toast';
import { MFA_TEXT } from '@contracts/account';
import { SubmitButton } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { accountApi, activityQueryOptions, securityQueryOptions } from './account-api';
import { PasswordDialog } from './password-dialog';
import { CodeField } from './code-field';
import { useCodeEntry } from './use-code-entry';

/** The secret an app can be given by hand, read from the otpauth:// address. */
const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';
/** Groups of four, as authenticator apps print them. */
const spaced = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Step two of enabling the app: scan (or type) the secret, then prove it with a code. */
function ScanDialog({ uri, onClose, onDone }: { uri: string | null; onClose: () => void; onDone: () => void }) {
  const { code, setCode, pending, submit } = useCodeEntry(accountApi.verifyTotp, () => {
    toast.success(MFA_TEXT.appEnabled.title, { description: MFA_TEXT.appEnabled.description });
    onDone();
  });
  return (
    <Modal open={uri !== null} onOpenChange={(open) => !open && onClose()} className="w-[min(94vw,28rem)]">
      <Dialog.Title className="text-lg font-semibold">Set up your authenticator app</Dialog.Title>
      <Dialog.Description className="text-sm text-muted-foreground">
        Scan the code with an app such as Google Authenticator, 1Password or Authy, then enter the 6-digit code it
        shows.
      </Dialog.Description>
      {uri && (
        <div className="grid justify-items-center gap-3">
          <div className="rounded-xl bg-white p-3">
            <QRCodeSVG value={uri} size={176} title="QR code for your authenticator app" />
          </div>
          <div className="grid w-full gap-1 text-center">
            <p className="text-xs text-muted-foreground">Can't scan? Enter this key by hand:</p>
            <code
              className="select-all break-all rounded-lg bg-muted px-3 py-2 font-mono text-sm"
              data-testid="totp-secret"
            >
              {spaced(secretOf(uri))}
            </code>
          </div>
        </div>
      )}
      <form className="grid gap-4" onSubmit={(event) => void submit(event)}>
        <CodeField code={code} onCode={setCode} placeholder="123456" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pending={pending} pendingLabel="Verifying...">
            Verify and turn on
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The Security tab's multi-factor card: the authenticator app (QR code, manual key, a code to
 * confirm) and the email-code switch. Every change is confirmed with the password.
 */
export function MfaCard() {
  const client = useQueryClient();
  const security = useQuery(securityQueryOptions);
  const [asking, setAsking] = useState<'enable-app' | 'disable-app' | 'email-on' | 'email-off' | null>(null);
  const [uri, setUri] = useState<string | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: securityQueryOptions.queryKey });
    void client.invalidateQueries({ queryKey: activityQueryOptions.queryKey });
  };

  /** Runs a change; a wrong password stays in the dialog, anything else is a toast. */
  const attempt = async (failure: string, run: () => Promise<void>) => {
    try {
      await run();
      refresh();
    } catch (error) {
      const message = errorMessage(error, 'Please try again.');
      if (/password/i.test(message)) throw new Error(message);
      toast.error(failure, { description: message });
    }
  };

  useEffect(() => {
    if (security.isError)
      toast.error(MFA_TEXT.loadFailed, { description: errorMessage(security.error, 'Please try again.') });
  }, [security.isError, security.error]);

  const data = security.data;
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={ShieldCheck}>Multi-factor authentication</CardIconTitle>
        <CardDescription>
          Ask for a second step at every sign-in, so a stolen password alone is not enough.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {security.isPending ? (
          <Spinner />
        ) : security.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            {MFA_TEXT.loadFailed}
            <Button size="sm" variant="outline" onClick={() => void security.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-3">
              <div className="flex items-center gap-3">
                <Smartphone className="size-5 text-muted-foreground" aria-hidden />
                <div>
                  <p className="text-sm font-medium">Authenticator app</p>
                  <p className="text-xs text-muted-foreground" data-testid="mfa-app-status">
                    {data!.authenticatorApp ? 'On: sign-ins ask for a code from your app' : 'Off'}
                  </p>
                </div>
              </div>
              {data!.authenticatorApp ? (
                <Button variant="outline" size="sm" onClick={() => setAsking('disable-app')}>
                  Disable
                </Button>
              ) : (
                <Button size="sm" onClick={() => setAsking('enable-app')}>
                  Enable authenticator app
                </Button>
              )}
            </div>
            <Switch
              label="Email me a sign-in code"
              description="Sign in with a 6-digit code we email you, as a second step or when your phone is not at hand."
              checked={data!.emailCode}
              onCheckedChange={(on) => setAsking(on ? 'email-on' : 'email-off')}
            />
          </>
        )}
      </CardContent>
      <PasswordDialog
        open={asking === 'enable-app'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Enable authenticator app"
        description="Enter your password to start. Next you will scan a QR code with your app."
        confirmLabel="Continue"
        onConfirm={(password) =>
          attempt(MFA_TEXT.enableAppFailed, async () => {
            setUri((await accountApi.enableApp(password)).totpURI);
          })
        }
      />
      <PasswordDialog
        open={asking === 'disable-app'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Disable authenticator app?"
        description="Sign-ins will no longer ask for a code from your app."
        confirmLabel="Disable"
        destructive
        onConfirm={(password) =>
          attempt(MFA_TEXT.disableAppFailed, async () => {
            await accountApi.disableApp(password);
            toast.success(MFA_TEXT.appDisabled.title, { description: MFA_TEXT.appDisabled.description });
          })
        }
      />
      <PasswordDialog
        open={asking === 'email-on' || asking === 'email-off'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'email-on' ? 'Turn on email codes' : 'Turn off email codes'}
        description={
          asking === 'email-on'
            ? 'We will email you a 6-digit code when you sign in.'
            : 'We will stop emailing sign-in codes.'
        }
        confirmLabel={asking === 'email-on' ? 'Turn on' : 'Turn off'}
        onConfirm={(password) => {
          const on = asking === 'email-on';
          return attempt(on ? MFA_TEXT.enableEmailFailed : MFA_TEXT.disableEmailFailed, async () => {
            await accountApi.setEmailCode(on, password);
            const text = on ? MFA_TEXT.emailEnabled : MFA_TEXT.emailDisabled;
            toast.success(text.title, { description: text.description });
          });
        }}
      />
      <ScanDialog uri={uri} onClose={() => setUri(null)} onDone={() => (setUri(null), refresh())} />
    </Card>
  );
}
