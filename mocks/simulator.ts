import { DEFAULT_RATE_LIMITS, RateLimiter } from './core/rate-limit.ts';
import { FaultBook, type Fault, type FaultSpec } from './core/faults.ts';
import { IdempotencyStore } from './core/idempotency.ts';
import { RequestLog } from './core/request-log.ts';
import type { SimContext, SimulatorState } from './domain/context.ts';
import { rateMessage, setAiEnabled } from './domain/control.ts';
import { shopperWrites, type ShopperMessageInput, type ShopperMessageResult } from './domain/shopper.ts';
import { deliveriesOf } from './domain/transcript.ts';
import { seedKeys } from './seed/keys.ts';
import { seedStores } from './seed/stores.ts';
import { Clock } from './state/clock.ts';
import { Random } from './state/random.ts';
import type { Delivery, MessageRecord, StoreData, StoreId } from './state/types.ts';

export interface SimulatorOptions {
  /** The simulator's clock; a fixed or stepped clock makes every timestamp deterministic. */
  now?: () => Date;
}

const SEED = 20_261_101;
const MINUTE = 60_000;

/** The in-memory Commerce API: every store, key, idempotency record, limit and injected fault. */
export class Simulator implements SimContext {
  readonly clock: Clock;
  readonly rateLimiter = new RateLimiter();
  readonly idempotency = new IdempotencyStore();
  readonly faults = new FaultBook();
  /** Commerce API requests answered by the HTTP server (`GET /__sim/requests`). */
  readonly requestLog = new RequestLog();
  private current: SimulatorState;

  constructor(options: SimulatorOptions = {}) {
    this.clock = new Clock(options.now ?? (() => new Date()));
    this.current = this.seed();
  }

  /** Back to the deterministic seed, anchored at the current minute so the demo data looks recent. */
  reset(): void {
    this.current = this.seed();
    this.rateLimiter.configure(DEFAULT_RATE_LIMITS);
    this.idempotency.clear();
    this.faults.clear();
    this.requestLog.clear();
  }

  get state(): SimulatorState {
    return this.current;
  }

  now(): Date {
    return new Date(this.clock.nowMs());
  }

  store(id: StoreId): StoreData | undefined {
    return this.current.stores.get(id);
  }

  // Shortcuts for tests that drive the simulator in-process; the control plane calls the domain directly.
  shopperWrites(input: ShopperMessageInput): ShopperMessageResult {
    return shopperWrites(this, input);
  }

  rateMessage(messageId: string, rating: number): MessageRecord {
    return rateMessage(this, messageId, rating);
  }

  deliveries(conversationId?: string): Delivery[] {
    return deliveriesOf(this, conversationId);
  }

  setAiEnabled(storeId: StoreId, enabled: boolean): void {
    setAiEnabled(this, storeId, enabled);
  }

  addFault(spec: FaultSpec): Fault {
    return this.faults.add(spec);
  }

  private seed(): SimulatorState {
    const anchor = Math.floor(this.clock.nowMs() / MINUTE) * MINUTE;
    const random = new Random(SEED);
    const state: SimulatorState = {
      random,
      stores: seedStores(random, anchor),
      keys: seedKeys(anchor),
      deliveries: [],
    };
    this.clock.advancePast(anchor);
    return state;
  }
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  return new Simulator(options);
}
