import { createContext, useContext, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { liveStreamClient, type LiveStreamClient, type LiveStatus } from './live-stream-client';
import type { HubEvent } from './live-stream-reader';

/** The hub the screens use: the app's one, or a test's own (see renderWithApp). */
export const LiveStreamContext = createContext<LiveStreamClient>(liveStreamClient);

export function useLiveStreamClient(): LiveStreamClient {
  return useContext(LiveStreamContext);
}

/** The hub's status, re-rendering on change. Subscribing to events is what starts the hub. */
export function useLiveStatus(): LiveStatus {
  const hub = useLiveStreamClient();
  return useSyncExternalStore(hub.onStatus, hub.getStatus, hub.getStatus);
}

/**
 * Whether a screen must poll on its own: the stream is not open yet (it takes over at its `ready`) or
 * cannot be used (fallback). A drop being resumed does not poll: the resume replays what was missed.
 */
export function needsPolling(status: LiveStatus): boolean {
  return status === 'connecting' || status === 'fallback';
}

/** Calls `onEvent` for every live event while mounted (the latest callback, without resubscribing). */
export function useLiveEvents(onEvent: (event: HubEvent) => void): void {
  const hub = useLiveStreamClient();
  const handle = useEffectEvent(onEvent);
  useEffect(() => hub.subscribe((event) => handle(event)), [hub]);
}
