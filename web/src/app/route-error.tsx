import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';

/**
 * A page that failed to load (usually a chunk missing after a deploy) or crashed while rendering.
 * Reloading fetches the current build; the details stay in the console.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page page--narrow">
        <EmptyState
          title="Something went wrong"
          description="This page could not be shown. Reload to try again."
          action={<Button onClick={() => window.location.reload()}>Reload</Button>}
        />
      </main>
    );
  }
}
