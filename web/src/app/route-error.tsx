import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** The router's fallback when a route throws while loading or rendering. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">
        Something broke on our side. Reloading usually helps; if it does not, our team has been told.
      </p>
      {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to={paths.home}>Home</Link>
        </Button>
      </div>
    </div>
  );
}
