import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export function Component() {
  usePageMeta('Page not found · Vouch');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={paths.home}>Go home</Link>
      </Button>
    </div>
  );
}
