import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/page/page-header';
import { paths } from '@/lib/paths';

/** Pages whose feature is still being built: a heading and an honest line, never a blank screen. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <PageHeader title={title} />
      <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Sparkles className="size-6" aria-hidden />
        </div>
        <div className="grid gap-1">
          <p className="font-medium">{description}</p>
          <p className="text-sm text-muted-foreground">This part of Vouch is on its way. Thanks for your patience.</p>
        </div>
        <Button variant="outline" className="sm:ml-auto" asChild>
          <Link to={paths.home}>Back to home</Link>
        </Button>
      </Card>
    </div>
  );
}
