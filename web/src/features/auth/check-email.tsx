import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function CheckEmail({
  email,
  message,
  action,
  onAction,
}: {
  email: string;
  message: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Card role="status">
      <CardHeader className="items-center text-center">
        <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <MailCheck className="size-7" aria-hidden />
        </div>
        <CardTitle>Check Your Email</CardTitle>
        <CardDescription>
          {message} <span className="font-medium text-foreground">{email}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-center text-sm text-muted-foreground">
          No mail after a few minutes? Look in your spam folder, or try again.
        </p>
        <Button onClick={onAction}>{action}</Button>
      </CardContent>
    </Card>
  );
}
