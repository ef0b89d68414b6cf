import type { AssignmentSettings } from '../../schemas/assignment.ts';
import type { Availability } from './team-availability.ts';

/**
 * Who gets the next waiting conversation: someone available with fewer open conversations than the
 * limit. Round robin gives it to whoever was given one longest ago; "fewest open" to whoever has the
 * fewest, then whoever waited longest for one. Undefined when nobody can take it.
 */
export function pickAssignee(
  people: readonly Availability[],
  openCounts: ReadonlyMap<string, number>,
  settings: Pick<AssignmentSettings, 'strategy' | 'max_open_per_person'>,
): Availability | undefined {
  const open = (person: Availability) => openCounts.get(person.userId) ?? 0;
  const candidates = people.filter(
    (person) => person.available && open(person) < settings.max_open_per_person,
  );
  const byTurn = (a: Availability, b: Availability) =>
    a.lastAssignedMs - b.lastAssignedMs || a.userId.localeCompare(b.userId);
  const order =
    settings.strategy === 'fewest_open'
      ? (a: Availability, b: Availability) => open(a) - open(b) || byTurn(a, b)
      : byTurn;
  return [...candidates].sort(order)[0];
}
