import { describe, expect, it } from 'vitest';
import type { AssignmentSettings } from '../../schemas/assignment.ts';
import { conversationSchema, type Conversation } from '../../schemas/conversation.ts';
import { historyListSchema, type HistoryEntry } from '../../schemas/history.ts';
import { createUpstreamClient, type UpstreamClient } from '../store-api/upstream-client.ts';
import { apiWrite, readInbox, shopperWrites, until } from '../testing/live-test-kit.ts';
import { replicasOnOneRedis } from '../testing/replicas-on-redis.ts';
import { sharedPostgresPerFile } from '../testing/shared-postgres.ts';
import { READ_HEADERS, signInAs, TEST_KEY, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';

/*
 * Automatic assignment as replicas run it: one Postgres and one Redis shared by BFF processes on one
 * simulator. What is checked is what the store and the team observe: the store's request log (how many
 * assignment writes reached it), the conversation as the store has it, and the conversation's history.
 */

const replicas = replicasOnOneRedis('assign-test:');
const postgres = sharedPostgresPerFile('assign');
const freshDatabase = postgres.fresh;

async function replicaOn(url: string, upstream?: UpstreamClient) {
  const database = await postgres.open(url);
  return replicas.replica(undefined, { database, ...(upstream ? { upstream } : {}) });
}

async function turnOn(app: TestApp, owner: string, settings: Partial<AssignmentSettings> = {}) {
  const response = await app.request('/bff/assignment-settings', {
    method: 'PUT',
    headers: { ...WRITE_HEADERS, cookie: owner },
    body: JSON.stringify({ enabled: true, strategy: 'round_robin', max_open_per_person: 5, ...settings }),
  });
  expect(response.status).toBe(200);
}

const escalate = async () =>
  (
    await shopperWrites(replicas.simulator.url, {
      content: 'Can I talk to a person?',
      escalate: true,
      display_name: 'Kari Nordmann',
    })
  ).conversation.id;

/** The conversation as the store has it now (read from the simulator directly). */
async function storeCopy(id: string): Promise<Conversation> {
  const response = await fetch(`${replicas.simulator.url}/api/v1/agent-conversations/${id}`, {
    headers: { authorization: `Bearer ${TEST_KEY}` },
  });
  expect(response.status).toBe(200);
  return conversationSchema.parse(((await response.json()) as { data: unknown }).data);
}

async function history(app: TestApp, cookie: string, id: string): Promise<HistoryEntry[]> {
  const response = await app.request(`/bff/conversations/${id}/history`, {
    headers: { ...READ_HEADERS, cookie },
  });
  expect(response.status).toBe(200);
  return historyListSchema.parse(await response.json()).data;
}

/** The store's log of the requests to one path (the simulator's HTTP request log). */
async function requestsTo(
  method: string,
  path: string,
): Promise<{ method: string; path: string; status: number }[]> {
  const response = await fetch(`${replicas.simulator.url}/__sim/requests`);
  const log = (await response.json()) as { data: { method: string; path: string; status: number }[] };
  return log.data.filter((entry) => entry.method === method && entry.path === path);
}

/** The store's log of the PUTs to one conversation. */
const putsTo = (id: string) => requestsTo('PUT', `/api/v1/agent-conversations/${id}`);

describe('automatic assignment across replicas (one Postgres, one Redis)', () => {
  it('assigns an escalation seen by both replicas once: one PUT reaches the store, one history entry', async () => {
    const url = await freshDatabase();
    // A store slow to answer the read of one conversation: attempts at the same hand-over overlap.
    const slowReads = (): UpstreamClient => {
      const base = createUpstreamClient({ baseUrl: replicas.simulator.url, timeoutMs: 2000 });
      return {
        baseUrl: base.baseUrl,
        close: () => base.close(),
        async send(request) {
          if (request.method === 'GET' && /^\/api\/v1\/agent-conversations\/[^/?]+$/.test(request.target))
            await new Promise((resolve) => setTimeout(resolve, 200));
          return base.send(request);
        },
      };
    };
    const [a, b] = [await replicaOn(url, slowReads()), await replicaOn(url, slowReads())];
    const owner = await signInAs(a.app, 'owner@example.com');
    const staff = await signInAs(a.app, 'staff@example.com');
    await turnOn(b.app, owner);
    // Sam has the inbox open on both replicas (so both run their feed; one reads the store).
    await replicas.stream(a.app, staff);
    await replicas.stream(b.app, staff);
    await until(
      () => readInbox(a.app, staff),
      (answer) => answer.ready,
      'the first pass',
    );
    await fetch(`${replicas.simulator.url}/__sim/requests`, { method: 'DELETE' });

    const id = await escalate();
    // Besides the reading replica's own worker, both replicas' workers are run at once, over and over,
    // while the escalation waits: each of them sees it in the shared read model.
    await until(
      async () => {
        await Promise.all([a.app.assigner.step(undefined), b.app.assigner.step(undefined)]);
        return storeCopy(id);
      },
      (conversation) => conversation.assigned_to !== null,
      'the escalation assigned upstream',
    );
    await Promise.all([a.app.assigner.step(undefined), b.app.assigner.step(undefined)]);

    expect((await storeCopy(id)).assigned_to).toBe('usr_staff1');
    const puts = await putsTo(id);
    expect(puts).toEqual([expect.objectContaining({ status: 200 })]);
    // The feed may copy the store's new version before the worker marks its entry as automatic.
    const assigned = await until(
      () => history(b.app, staff, id),
      (entries) => entries.some((entry) => entry.kind === 'assigned' && entry.automatic === true),
      'the automatic assignment in the history',
    );
    expect(assigned.filter((entry) => entry.kind === 'assigned')).toEqual([
      expect.objectContaining({ assigned_to: 'usr_staff1', automatic: true, actor_user_id: null }),
    ]);
  });

  it('lets a person’s assignment made between the worker’s read and its write stand', async () => {
    const url = await freshDatabase();
    const base = createUpstreamClient({ baseUrl: replicas.simulator.url, timeoutMs: 2000 });
    // Set once the escalation exists: the worker's fresh read of it is held until Alex has tried to
    // assign it through the dashboard (or, while Alex's write waits for the worker, for a moment).
    const race: { id?: string; person?: Promise<Response> } = {};
    const upstream: UpstreamClient = {
      baseUrl: base.baseUrl,
      close: () => base.close(),
      async send(request) {
        const result = await base.send(request);
        const read = `/api/v1/agent-conversations/${race.id}`;
        if (race.id !== undefined && request.method === 'GET' && request.target === read && !race.person) {
          race.person = Promise.resolve(
            apiWrite(a.app, alex, 'PUT', `/agent-conversations/${race.id}`, {
              status: 'active',
              handoff_state: 'human',
              assigned_to: 'usr_staff2',
            }),
          );
          await Promise.race([race.person, new Promise((resolve) => setTimeout(resolve, 500))]);
        }
        return result;
      },
    };
    const a = await replicaOn(url, upstream);
    const owner = await signInAs(a.app, 'owner@example.com');
    const sam = await signInAs(a.app, 'staff@example.com');
    const alex = await signInAs(a.app, 'staff2@example.com');
    await turnOn(a.app, owner);
    await replicas.stream(a.app, sam);
    await until(
      () => readInbox(a.app, sam),
      (answer) => answer.ready,
      'the first pass',
    );

    race.id = await escalate();
    await until(
      () => Promise.resolve(race.person),
      (person) => person !== undefined,
      'the worker reading the escalation',
    );
    expect((await race.person!).status).toBe(200);

    // The worker wrote Sam first (its read said nobody was assigned); Alex's assignment came after it.
    expect((await storeCopy(race.id)).assigned_to).toBe('usr_staff2');
    const entries = await until(
      () => history(a.app, alex, race.id!),
      (list) => list.filter((entry) => entry.kind === 'assigned').length === 2,
      'both assignments in the history',
    );
    expect(entries.filter((entry) => entry.kind === 'assigned').at(-1)).toMatchObject({
      assigned_to: 'usr_staff2',
      actor_user_id: 'usr_staff2',
    });
  });

  it('going away, as the person chose, returns their open conversations to Unassigned, as their change', async () => {
    const url = await freshDatabase();
    const a = await replicaOn(url);
    const sam = await signInAs(a.app, 'staff@example.com');
    await replicas.stream(a.app, sam);
    const id = await escalate();
    await until(
      () => readInbox(a.app, sam),
      (answer) => answer.ready && answer.data.some((row) => row.conversation.id === id),
      'the escalation in the read model',
    );
    const took = await apiWrite(a.app, sam, 'PUT', `/agent-conversations/${id}`, {
      status: 'active',
      handoff_state: 'human',
      assigned_to: 'usr_staff1',
    });
    expect(took.status).toBe(200);
    await until(
      () => readInbox(a.app, sam, '?assigned_to=me&status=active&handoff_state=human'),
      (answer) => answer.data.some((row) => row.conversation.id === id),
      'the assignment in the read model',
    );
    const mine = (await readInbox(a.app, sam, '?assigned_to=me&status=active&handoff_state=human')).data;

    // Sam chose once that going away hands his conversations back; going away now asks nothing.
    const choice = await a.app.request('/bff/availability', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: sam },
      body: JSON.stringify({ status: 'available', away_hand_back: 'hand_back' }),
    });
    expect(choice.status).toBe(200);
    const away = await a.app.request('/bff/availability', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: sam },
      body: JSON.stringify({ status: 'away' }),
    });
    expect(away.status).toBe(200);
    const answer = (await away.json()) as {
      handed_back: number;
      data: { user_id: string; chosen: string; away_hand_back: string }[];
    };
    expect(answer.handed_back).toBe(mine.length);
    expect(answer.data.find((person) => person.user_id === 'usr_staff1')).toMatchObject({
      chosen: 'away',
      away_hand_back: 'hand_back',
    });
    for (const row of mine) expect((await storeCopy(row.conversation.id)).assigned_to).toBeNull();
    const entries = await history(a.app, sam, id);
    expect(entries.filter((entry) => entry.kind === 'assigned').at(-1)).toMatchObject({
      assigned_to: null,
      actor_user_id: 'usr_staff1',
    });
  });

  it('assigns only the assistant’s new handoffs: one a person took over stays theirs to settle', async () => {
    const url = await freshDatabase();
    const a = await replicaOn(url);
    const owner = await signInAs(a.app, 'owner@example.com');
    const sam = await signInAs(a.app, 'staff@example.com');
    await turnOn(a.app, owner);
    await replicas.stream(a.app, sam);
    const taken = (
      await shopperWrites(replicas.simulator.url, { content: 'Do you ship to Norway?', display_name: 'Ola' })
    ).conversation.id;
    await until(
      () => readInbox(a.app, sam, '?status=active'),
      (answer) => answer.ready && answer.data.some((row) => row.conversation.id === taken),
      'the conversation in the read model',
    );
    // Sam takes it over with nobody assigned (as an older dashboard did), before the assistant hands
    // over another one: the older one would be first in line.
    const tailReads = () => requestsTo('GET', `/api/v1/agent-conversations/${taken}/messages`);
    const readBefore = (await tailReads()).length;
    const took = await apiWrite(a.app, sam, 'PUT', `/agent-conversations/${taken}`, {
      status: 'active',
      handoff_state: 'human',
      assigned_to: null,
    });
    expect(took.status).toBe(200);
    await until(
      () => readInbox(a.app, sam, '?status=active&handoff_state=human'),
      (answer) => answer.data.some((row) => row.conversation.id === taken),
      'the take-over in the read model',
    );
    // The feed has seen it too: its walk reads the tail of a conversation whose version moved.
    await until(
      async () => (await tailReads()).length,
      (reads) => reads > readBefore,
      'the feed reading the take-over',
    );
    const handoff = await escalate();
    await until(
      async () => {
        await a.app.assigner.step(undefined);
        return storeCopy(handoff);
      },
      (conversation) => conversation.assigned_to !== null,
      'the handoff assigned',
    );
    await a.app.assigner.step(undefined);
    expect((await storeCopy(taken)).assigned_to).toBeNull();
    const entries = await history(a.app, sam, handoff);
    expect(entries.find((entry) => entry.kind === 'assigned')).toMatchObject({
      automatic: true,
      strategy: 'round_robin',
    });
  });
});
