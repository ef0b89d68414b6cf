import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../http-server.ts';

/**
 * For a Vitest file: the simulator's HTTP server on a free port, a fresh one for each test or one for the
 * whole file. Read `server` and `url` inside tests and hooks (they are set by the before hook).
 */
export function simulatorServerPer(scope: 'test' | 'file'): {
  readonly server: SimulatorServer;
  readonly url: string;
} {
  let server: SimulatorServer | undefined;
  const start = async () => {
    server = await startSimulatorServer({ port: 0 });
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  if (scope === 'test') {
    beforeEach(start);
    afterEach(stop);
  } else {
    beforeAll(start);
    afterAll(stop);
  }
  const started = () => {
    if (!server) throw new Error('simulatorServerPer: read it inside a test or hook, after it started');
    return server;
  };
  return {
    get server() {
      return started();
    },
    get url() {
      return started().url;
    },
  };
}
