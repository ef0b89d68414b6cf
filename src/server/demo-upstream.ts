/**
 * Demo mode's upstream: the store simulator (mocks/http-server.ts) started in this process on loopback.
 * Typed here by the interface the simulator publishes, so the BFF depends on that contract only.
 */
export interface SimulatorServer {
  url: string;
  close(): Promise<void>;
}

interface SimulatorModule {
  startSimulatorServer(options: { port: number; host?: string }): Promise<SimulatorServer>;
}

export async function startDemoSimulator(port: number): Promise<SimulatorServer> {
  const specifier = '../../mocks/http-server.ts';
  const simulator = (await import(specifier)) as SimulatorModule;
  try {
    return await simulator.startSimulatorServer({ port, host: '127.0.0.1' });
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
