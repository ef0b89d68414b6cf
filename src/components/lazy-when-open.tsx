import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from './toast';

/** Catches a chunk that could not be fetched, so the page around the overlay stays as it was. */
class LoadFailed extends Component<{ children: ReactNode; onFailed: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * An overlay (a react-aria menu or dialog) whose module is fetched the first time it opens, not with the
 * page: react-aria is the largest library of the app and most visits never open most overlays. Once
 * loaded it stays mounted, so it closes (and hands focus back) exactly as a static one would. `prefetch`
 * starts the download early, e.g. on pointerenter or focus of the control that opens it. `pending` is
 * shown while the chunk arrives. When the chunk cannot be fetched, a toast says so, `close` is called
 * and the next opening tries again.
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { isOpen: (props: P) => boolean; close: (props: P) => void; pending?: ComponentType<P> },
) {
  let chunk: Promise<{ default: ComponentType<P> }> | undefined;
  const prefetch = () => {
    chunk ??= load().then(
      (loaded) => ({ default: loaded }),
      (error: unknown) => {
        chunk = undefined;
        throw error;
      },
    );
    return chunk;
  };
  // A lazy component remembers a failure: after one, a fresh one fetches again.
  let Lazy = lazy(prefetch);
  const { isOpen, close, pending: Pending } = options;

  function LazyWhenOpen(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    const [failed, setFailed] = useState(false);
    // State derived while rendering (React's pattern): opened once, mounted for good; a failed load is
    // retried only by a new opening.
    if (open && !wanted && !failed) setWanted(true);
    if (!open && failed) {
      setFailed(false);
      setWanted(false);
    }
    if (!wanted || failed) return null;
    return (
      <LoadFailed
        onFailed={() => {
          Lazy = lazy(prefetch);
          setFailed(true);
          toast.error('Could not load this. Check the connection and try again.');
          close(props);
        }}
      >
        <Suspense fallback={Pending && open ? <Pending {...props} /> : null}>
          <Lazy {...props} />
        </Suspense>
      </LoadFailed>
    );
  }
  return [LazyWhenOpen, prefetch] as const;
}
