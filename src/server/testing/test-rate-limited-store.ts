import { afterAll, beforeAll } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import { createSimulator, type Simulator } from '../../../mocks/simulator.ts';
import { manualClock } from '../../../mocks/testing/sim-client.ts';
import { createUpstreamClient, type UpstreamClient } from '../store-api/upstream-client.ts';

/** The simulated store's limit in the feed's pacing tests: shared by the feed and the dashboards. */
export const REQUESTS_PER_MINUTE = 120;

/**
 * For a Vitest file of feed tests: the simulator's seeded store behind its own HTTP server, limited to
 * REQUESTS_PER_MINUTE, on a manual clock that starts at the wall clock (the feed's first walk starts
 * from the store's Date header, which is real time). Read the fields inside tests.
 */
export function rateLimitedStore() {
  const clock = manualClock(new Date().toISOString());
  const store = {
    clock,
    now: () => clock.now().getTime(),
    simulator: undefined as unknown as Simulator,
    upstream: undefined as unknown as UpstreamClient,
  };
  let server: SimulatorServer;
  beforeAll(async () => {
    store.simulator = createSimulator({ now: clock.now });
    const perMinute = { limit: REQUESTS_PER_MINUTE, windowS: 60 };
    store.simulator.rateLimiter.configure({ perKey: perMinute, perAddress: perMinute });
    server = await startSimulatorServer({ port: 0, host: '127.0.0.1', simulator: store.simulator });
    store.upstream = createUpstreamClient({ baseUrl: server.url, timeoutMs: 5_000 });
  });
  afterAll(async () => {
    store.upstream.close();
    await server.close();
  });
  return store;
}
