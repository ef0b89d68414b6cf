import type { Clock } from '../state/clock.ts';
import type { Random } from '../state/random.ts';
import type { ApiKeyRecord, Delivery, StoreData, StoreId } from '../state/types.ts';

/** Everything the simulator's `reset()` throws away and seeds again. */
export interface SimulatorState {
  random: Random;
  stores: Map<StoreId, StoreData>;
  keys: ApiKeyRecord[];
  deliveries: Delivery[];
}

/**
 * What domain code needs of the simulator: its clock and its current state. The simulator implements
 * it, so domain code never imports the simulator (which imports domain code).
 */
export interface SimContext {
  readonly clock: Clock;
  readonly state: SimulatorState;
  store(id: StoreId): StoreData | undefined;
}
