import { Component, type ReactNode } from 'react';

interface Props {
  /** Names the part of the UI in the message. */
  name: string;
  children: ReactNode;
}

/** A panel that crashes shows what went wrong and a way to retry; the rest of the UI keeps working. */
export class ErrorBoundary extends Component<Props, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`[${this.props.name}]`, error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="panel-error" role="alert">
        <strong>{this.props.name} failed:</strong> {this.state.error.message}
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}
