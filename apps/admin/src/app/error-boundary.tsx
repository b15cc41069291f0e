// Render errors: a top-level guard that catches any render error, shows nothing and logs it, for
// errors outside the router; `RouteError` does the same inside it.
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';

interface Props {
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** The router's error element: replaces its default error screen with nothing visible. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Render error', error);
  }, [error]);
  return null;
}
