import { z } from 'zod';
import { ApiError } from './errors.ts';

/** Body of POST /__sim/faults. */
export const faultSpecSchema = z
  .strictObject({
    method: z
      .string()
      .regex(/^(\*|[A-Za-z]+)$/)
      .transform((method) => method.toUpperCase()),
    /** Exact path, or a prefix when it ends in `*`. Only /api/ paths can be faulted. */
    path: z.string().startsWith('/api/'),
    times: z.number().int().min(1).max(10_000),
    status: z.number().int().min(400).max(599).optional(),
    code: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .optional(),
    delay_ms: z.number().int().min(0).max(120_000).optional(),
    drop: z.enum(['before', 'after']).optional(),
  })
  .refine((spec) => spec.status !== undefined || spec.delay_ms !== undefined || spec.drop !== undefined, {
    message: 'A fault needs at least one of status, delay_ms or drop.',
  })
  .refine((spec) => !(spec.status !== undefined && spec.drop !== undefined), {
    message: 'A fault either answers with a status or drops the connection, not both.',
  })
  .refine((spec) => spec.code === undefined || spec.status !== undefined, {
    message: 'code needs a status.',
    path: ['code'],
  });
export type FaultSpec = z.infer<typeof faultSpecSchema>;

export interface Fault extends FaultSpec {
  id: string;
  remaining: number;
}

const DEFAULT_CODES: Readonly<Record<number, string>> = {
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** Injected failures, consumed in the order they were added by requests that reach the store. */
export class FaultBook {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `flt_${this.nextId}`, remaining: spec.times };
    this.nextId += 1;
    this.faults.push(fault);
    return fault;
  }

  /** Consumes one use of the first fault matching the request, if any. */
  take(method: string, path: string): Fault | null {
    const fault = this.faults.find(
      (candidate) =>
        (candidate.method === '*' || candidate.method === method) && pathMatches(candidate.path, path),
    );
    if (fault === undefined) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  clear(): void {
    this.faults = [];
  }
}

/** The refusal an injected `status` fault answers with, in the standard envelope. */
export function faultError(fault: Fault, status: number): ApiError {
  const code = fault.code ?? DEFAULT_CODES[status] ?? 'simulated_fault';
  return new ApiError(
    status,
    { code, message: `Injected fault ${fault.id}: the simulator answered ${status} on purpose.` },
    status === 429 ? { 'Retry-After': '1' } : {},
  );
}
