import { describe, expect, it } from 'vitest';
import { pickAssignee } from './pick-assignee.ts';
import type { Availability } from './team-availability.ts';

const person = (userId: string, lastAssignedMs: number, available = true): Availability => ({
  userId,
  chosen: available ? 'available' : 'away',
  awayHandBack: 'ask',
  dashboardOpen: true,
  inactive: false,
  available,
  lastAssignedMs,
});

describe('who gets the next waiting conversation', () => {
  const people = [person('usr_a', 300), person('usr_b', 100), person('usr_c', 200, false)];

  it('round robin: the available person given one longest ago, under the limit', () => {
    const settings = { strategy: 'round_robin', max_open_per_person: 2 } as const;
    expect(pickAssignee(people, new Map(), settings)?.userId).toBe('usr_b');
    expect(pickAssignee(people, new Map([['usr_b', 2]]), settings)?.userId).toBe('usr_a');
    expect(
      pickAssignee(
        people,
        new Map([
          ['usr_a', 2],
          ['usr_b', 5],
        ]),
        settings,
      ),
    ).toBeUndefined();
  });

  it('fewest open: the available person with the fewest, then the one who waited longest', () => {
    const settings = { strategy: 'fewest_open', max_open_per_person: 5 } as const;
    expect(
      pickAssignee(
        people,
        new Map([
          ['usr_b', 2],
          ['usr_a', 1],
        ]),
        settings,
      )?.userId,
    ).toBe('usr_a');
    expect(
      pickAssignee(
        people,
        new Map([
          ['usr_b', 1],
          ['usr_a', 1],
        ]),
        settings,
      )?.userId,
    ).toBe('usr_b');
  });

  it('nobody available: nobody', () => {
    expect(
      pickAssignee([person('usr_c', 0, false)], new Map(), {
        strategy: 'round_robin',
        max_open_per_person: 3,
      }),
    ).toBeUndefined();
  });
});
