import { startSimulatorServer } from './http-server.ts';

/** `npm run mock-api`: the simulator on 127.0.0.1:$MOCK_API_PORT (default 4010). */
const port = Number(process.env.MOCK_API_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`MOCK_API_PORT must be a port number, got ${process.env.MOCK_API_PORT ?? ''}`);
  process.exit(1);
}

const server = await startSimulatorServer({ port, host: '127.0.0.1' });
console.log(`Commerce API simulator listening on ${server.url}`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
