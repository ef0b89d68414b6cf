import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { serve } from '@hono/node-server';
import type { TestApp } from './test-app.ts';

/** Serves a test app on a real loopback socket: what app.request() cannot show (raw targets, aborts). */
export async function serveOnSocket(app: TestApp): Promise<{ port: number; close(): Promise<void> }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `head` (and `body`) as bytes and resolves to the status and text of the answer. */
export function rawRequest(port: number, head: string, body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      // One answer is enough (keep-alive would hold the socket open).
      const end = text.indexOf('\r\n\r\n');
      if (end !== -1) {
        const length = /content-length: (\d+)/i.exec(text.slice(0, end));
        if (length && text.length >= end + 4 + Number(length[1])) socket.end();
      }
    });
    socket.on('end', () => resolve({ status: Number(text.slice(9, 12)), text }));
    socket.on('error', reject);
  });
}
