import { useEffect, useEffectEvent } from 'react';

/**
 * Listens to events of one or more types on a target (window, document or an element) while the target
 * is given (null: not now). The handler is always the latest one: it may change on every render without
 * the listener being removed and added again.
 */
export function useEventListener<E extends Event>(
  target: EventTarget | null | undefined,
  types: string | readonly string[],
  handler: (event: E) => void,
  { capture = false, passive = false, once = false }: AddEventListenerOptions = {},
): void {
  const onEvent = useEffectEvent(handler);
  const typeList = typeof types === 'string' ? types : types.join(' ');
  useEffect(() => {
    if (!target) return;
    const listener = (event: Event) => onEvent(event as E);
    const options = { capture, passive, once };
    const names = typeList.split(' ');
    for (const name of names) target.addEventListener(name, listener, options);
    return () => {
      for (const name of names) target.removeEventListener(name, listener, options);
    };
  }, [target, typeList, capture, passive, once]);
}
