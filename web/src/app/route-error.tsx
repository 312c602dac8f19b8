import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** What a member sees when a page throws while loading (a chunk missing after a deploy) or rendering. */
export function RouteError() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">
        Something broke on our side. Reloading usually helps; if it does not, our team has been told.
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to={paths.home}>Home</Link>
        </Button>
      </div>
    </div>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { failedAt: string | null };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failedAt: '' }; // the path is filled in by componentDidCatch
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.setState({ failedAt: this.props.pathname });
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // Leaving the broken page (the Home link, the back button) renders the app again.
    if (this.state.failedAt !== null && previous.pathname !== this.props.pathname) this.setState({ failedAt: null });
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}

/** The app's fallback for a page that throws; it clears when the member navigates elsewhere. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
