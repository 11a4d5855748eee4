import { Component, type ReactNode } from 'react';

type Props = { fallback: ReactNode; children: ReactNode };
type State = { failed: boolean };

/**
 * Renders `fallback` in place of a part that failed to render, above all a lazy part whose chunk did
 * not load (React.lazy's rejection), rather than letting React unmount the whole page. A class: React
 * has no hook that catches a render error. React reports the error to the console itself.
 */
export class RenderFailureBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
