import { startSimulatorServer, type SimulatorServer } from '../../mocks/http-server.ts';

export type { SimulatorServer };

/** Demo mode's upstream: the store simulator (mocks/http-server.ts) started in this process on loopback. */
export async function startDemoSimulator(port: number): Promise<SimulatorServer> {
  try {
    return await startSimulatorServer({ port, host: '127.0.0.1' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `MOCK_API_PORT ${port} is already in use: stop what runs there or set MOCK_API_PORT to a free port.`,
        { cause: error },
      );
    }
    throw error;
  }
}
