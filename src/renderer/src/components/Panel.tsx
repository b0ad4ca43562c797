import type { ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

/** A titled area of the layout with its own error boundary. */
export function Panel({
  title,
  actions,
  className = '',
  testId,
  children,
}: {
  title: string;
  actions?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={`panel ${className}`} data-testid={testId} aria-label={title}>
      <header className="panel-header">
        <h2>{title}</h2>
        <div className="panel-actions">{actions}</div>
      </header>
      <div className="panel-body">
        <ErrorBoundary name={title}>{children}</ErrorBoundary>
      </div>
    </section>
  );
}
