import { startSimulatorServer } from '../../../mocks/http-server.ts';

/** The simulator in its own process for the benchmark; tells the parent its URL over IPC. */
const server = await startSimulatorServer({ port: 0, host: '127.0.0.1' });
process.send?.({ url: server.url });
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
