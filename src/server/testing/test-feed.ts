import { MemoryEventLog } from '../live/event-log.ts';
import { MemoryPresenceStore } from '../live/presence.ts';
import { staticKeyProvider } from '../store-api/key-provider.ts';
import { LocalFeedLease } from '../feed/feed-lease.ts';
import { StoreFeed, type StoreFeedDeps } from '../feed/store-feed.ts';
import { capturedLogger } from './logged-lines.ts';

/**
 * A store feed for a test: the demo store's key, a memory log and presence, a lease of its own, no logs
 * and a jitter that never varies. The test gives the upstream and whatever it looks at.
 */
export function testFeed(deps: Pick<StoreFeedDeps, 'upstream'> & Partial<StoreFeedDeps>): StoreFeed {
  return new StoreFeed({
    keys: staticKeyProvider('sk_test_demo_owner'),
    log: new MemoryEventLog(),
    presence: new MemoryPresenceStore(),
    lease: new LocalFeedLease(),
    logger: capturedLogger(),
    random: () => 0.5,
    ...deps,
  });
}
