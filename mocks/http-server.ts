import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getResponse } from 'msw';
import { REQUEST_BODY_MAX_BYTES } from '../src/schemas/limits.ts';
import { setClientAddress } from './core/client-address.ts';
import { refuse } from './core/errors.ts';
import { prepareError, prepareJson, type PreparedResponse } from './core/responses.ts';
import { createSimulatorHandlers } from './handlers.ts';
import { createSimulator, type Simulator } from './simulator.ts';

export interface SimulatorServerOptions {
  /** 0 picks a free port; `url` then carries the real one. */
  port: number;
  host?: string;
  simulator?: Simulator;
  /** Bind the base URL to one merchant: keys of other stores get 401 (see the README). */
  merchant?: string;
}

export interface SimulatorServer {
  url: string;
  simulator: Simulator;
  close(): Promise<void>;
}

const BODYLESS = new Set(['GET', 'HEAD']);

/**
 * Reads the body but keeps at most one byte over the cap: the pipeline then answers 413, and the
 * rest is drained so that the client can read the answer instead of seeing a reset connection.
 */
function collectBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    req.on('data', (chunk: Buffer) => {
      if (kept > REQUEST_BODY_MAX_BYTES) return;
      const room = REQUEST_BODY_MAX_BYTES + 1 - kept;
      const piece = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
      chunks.push(piece);
      kept += piece.byteLength;
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    // The declared length no longer describes a body kept only up to the cap.
    if (name.toLowerCase() === 'content-length') continue;
    headers.append(name, req.rawHeaders[i + 1] ?? '');
  }
  return headers;
}

function send(res: ServerResponse, prepared: PreparedResponse): void {
  const body = prepared.body === null ? null : Buffer.from(prepared.body);
  res.writeHead(prepared.status, {
    ...prepared.headers,
    ...(body ? { 'Content-Length': body.byteLength } : {}),
  });
  res.end(body ?? undefined);
}

/**
 * The Host names this server answers to: its loopback address and port. A page on another name that
 * rebinds its DNS to 127.0.0.1 (and could otherwise drive the control plane) sends its own name.
 */
export function simulatorHosts(host: string, port: number): Set<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', host.includes(':') ? `[${host}]` : host]);
  return new Set([...names].map((name) => `${name}:${port}`.toLowerCase()));
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: ReturnType<typeof createSimulatorHandlers>,
  origin: string,
  hosts: Set<string>,
  simulator: Simulator,
): Promise<void> {
  if (!hosts.has((req.headers.host ?? '').toLowerCase())) {
    send(
      res,
      prepareJson(421, {
        error: { code: 'host_not_allowed', message: 'This simulator answers only to its loopback address.' },
      }),
    );
    req.resume();
    return;
  }
  const body = await collectBody(req);
  const target = req.url ?? '/';
  if (!target.startsWith('/')) {
    send(res, prepareError(refuse.notFound('route', 'Send an origin-form request target (a path).')));
    return;
  }
  let request: Request;
  try {
    request = new Request(`${origin}${target}`, {
      method: req.method,
      headers: toHeaders(req),
      body: BODYLESS.has(req.method ?? 'GET') || body.byteLength === 0 ? undefined : new Uint8Array(body),
    });
  } catch {
    send(res, prepareError(refuse.invalidRequest('The request could not be read as HTTP.')));
    return;
  }
  // The rate limit per client address uses the socket's peer; no client header is trusted for it.
  setClientAddress(request, req.socket.remoteAddress ?? 'unknown');
  const response = await getResponse(handlers, request, { baseUrl: origin });
  if (response === undefined) {
    send(res, prepareError(refuse.notFound('route', `No route serves ${new URL(request.url).pathname}.`)));
    return;
  }
  if (response.type === 'error') {
    // An injected `drop`: the connection dies without a response.
    simulator.requestLog.record(request.method, target, 0, simulator.now());
    req.socket.destroy();
    return;
  }
  simulator.requestLog.record(request.method, target, response.status, simulator.now());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  send(res, {
    status: response.status,
    headers,
    body: response.body === null ? null : new Uint8Array(await response.arrayBuffer()),
  });
}

/** Raw bytes for a request Node could not parse (there is no ServerResponse to write to). */
const NOT_HTTP = (() => {
  const body = Buffer.from(prepareError(refuse.invalidRequest('The request is not valid HTTP.')).body ?? []);
  const head = `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${body.byteLength}\r\nConnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
})();

/** A real HTTP server in front of the msw handlers (what `npm run mock-api` and the BFF's demo mode run). */
export async function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const simulator = options.simulator ?? createSimulator();
  const host = options.host ?? '127.0.0.1';
  const handlers = createSimulatorHandlers({ simulator, merchant: options.merchant });
  const sockets = new Set<Socket>();
  let origin = '';
  let hosts = new Set<string>();

  const server = createServer((req, res) => {
    serve(req, res, handlers, origin, hosts, simulator).catch((error: unknown) => {
      console.error('[simulator] request failed', error);
      if (!res.headersSent) send(res, prepareError(refuse.internal()));
      else res.destroy();
    });
  });
  // Node closes an idle kept-alive connection after 5 s; a client that reuses it at that very moment
  // (a test's next control-plane call after a few seconds in the browser) gets a reset. Idle
  // connections are kept longer than such a pause.
  server.keepAliveTimeout = 30_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Even a request Node cannot parse gets the error envelope, never a bare reset.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code !== 'ECONNRESET' && socket.writable) socket.end(NOT_HTTP);
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  origin = `http://${urlHost}:${port}`;
  hosts = simulatorHosts(host, port);

  return {
    url: origin,
    simulator,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
