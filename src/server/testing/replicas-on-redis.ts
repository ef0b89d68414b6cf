import { afterEach, beforeEach, expect } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import type { AppDeps } from '../app.ts';
import {
  createUpstreamClient,
  type UpstreamClient,
  type UpstreamRequest,
} from '../store-api/upstream-client.ts';
import { connectRedis, type RedisConnection } from '../redis/connection.ts';
import { redisSharedState } from '../composition/shared-state.ts';
import { testRedisPerFile } from './test-redis-per-file.ts';
import { openStream } from './live-test-kit.ts';
import { sseReader } from './sse-reader.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { capturedLogger } from './logged-lines.ts';

/** One BFF process of several on one Redis, as the runtime builds it with REDIS_URL. */
export interface Replica {
  app: TestApp;
  connection: RedisConnection;
  /** Upstream requests this replica made that the harness was asked to count (the simulator sees one key). */
  upstreamRequests: () => number;
}

const logger = capturedLogger();

/**
 * For a Vitest file: a private Redis and a simulator, both emptied before each test, and replicas (apps
 * sharing that Redis under `keyPrefix`, with a short feed lease) whose streams and connections end after it.
 */
export function replicasOnOneRedis(keyPrefix: string) {
  const redis = testRedisPerFile();
  const simulator = simulatorServerPer('file');
  const replicas: Replica[] = [];
  const readers: { cancel: () => Promise<void> }[] = [];
  beforeEach(async () => {
    await redis.client.flushall();
    await fetch(`${simulator.url}/__sim/reset`, { method: 'POST' });
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.cancel().catch(() => undefined);
    for (const { app, connection } of replicas.splice(0)) {
      await app.liveHub.close();
      await connection.close();
    }
  });

  /**
   * A replica; `counts` picks the upstream requests `upstreamRequests()` counts (all by default); `deps`
   * adds to (or replaces) what the replica is built with.
   */
  async function replica(
    counts: (request: UpstreamRequest) => boolean = () => true,
    deps: Partial<AppDeps> = {},
  ): Promise<Replica> {
    const connection = await connectRedis({ url: redis.server.url, keyPrefix }, logger);
    const upstream = createUpstreamClient({ baseUrl: simulator.url, timeoutMs: 2000 });
    let requests = 0;
    const counting: UpstreamClient = {
      baseUrl: upstream.baseUrl,
      close: () => upstream.close(),
      send: (request) => {
        if (counts(request)) requests += 1;
        return upstream.send(request);
      },
    };
    const { app } = await buildTestApp({
      upstreamUrl: simulator.url,
      deps: {
        upstream: counting,
        shared: redisSharedState(connection, logger, { leaseTtlMs: 600 }),
        live: { options: { heartbeatMs: 50, presenceSweepMs: 50 }, feedTiming: { fastMs: 50 } },
        ...deps,
      },
    });
    const made = { app, connection, upstreamRequests: () => requests };
    replicas.push(made);
    return made;
  }

  /** An SSE stream on a replica, cancelled after the test. */
  async function stream(app: TestApp, cookie: string, lastEventId?: string) {
    const response = await openStream(app, cookie, lastEventId);
    expect(response.status).toBe(200);
    const reader = sseReader(response);
    readers.push(reader);
    return reader;
  }

  return { redis, simulator, replica, stream };
}
