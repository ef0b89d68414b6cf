const addresses = new WeakMap<Request, string>();

/** Address used for requests that did not come through the HTTP server (in-process msw). */
export const IN_PROCESS_ADDRESS = 'in-process';

/**
 * Ties a request to the address of the socket it came from. Only the HTTP server (and tests) set
 * it; no header is ever read for it, so a client cannot choose its own rate-limit bucket.
 */
export function setClientAddress(request: Request, address: string): void {
  addresses.set(request, address);
}

export function clientAddressOf(request: Request): string {
  return addresses.get(request) ?? IN_PROCESS_ADDRESS;
}
