import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** Rendered instead of the children after a render error; `reset` renders them again. */
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode;
  /** Changing any of these (for example the location) clears the error. */
  resetKeys?: readonly unknown[];
  onReset?: () => void;
};

type State = { error: unknown; hasError: boolean; resetKeys: readonly unknown[] | undefined };

function changed(a: readonly unknown[] = [], b: readonly unknown[] = []): boolean {
  return a.length !== b.length || a.some((item, index) => !Object.is(item, b[index]));
}

/** Catches render errors below it so one broken view does not blank the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.hasError && changed(props.resetKeys, state.resetKeys)) {
      return { error: null, hasError: false, resetKeys: props.resetKeys };
    }
    if (changed(props.resetKeys, state.resetKeys)) return { resetKeys: props.resetKeys };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A view failed to render', error, info.componentStack);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
