import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode, Suspense } from 'react';

interface ErrorBoundaryProps {
  /** What stands in for the children once one of them failed; `retry` renders them again. */
  fallback: (error: Error, retry: () => void) => ReactNode;
  /** Called before a retry renders the children again. */
  onRetry?: () => void;
  children: ReactNode;
}

/** Catches an error thrown while rendering its children and shows `fallback` in their place. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}

interface QueryBoundaryProps {
  /** Shown while a read below suspends (`useSuspenseQuery`); without it, the enclosing Suspense boundary's loading state. */
  pending?: ReactNode;
  /** Shown when a read below failed; `retry` reads it again. */
  error: (error: Error, retry: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * One part of a screen that reads its own data (a dashboard panel, a settings tab): its loading state, and its own
 * failure with a retry, while the rest of the screen keeps working. A whole screen's failure is its route's error
 * component instead.
 */
export function QueryBoundary({ pending, error, children }: QueryBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary fallback={error} onRetry={reset}>
          {pending === undefined ? children : <Suspense fallback={pending}>{children}</Suspense>}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
