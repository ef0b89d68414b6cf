import { availableParallelism, loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { seedBulkConversations } from '../../../mocks/domain/bulk.ts';
import { Simulator } from '../../../mocks/simulator.ts';
import { conversationWire, messageWire } from '../../../mocks/state/wire.ts';
import { EMPTY_FOLD, foldMessage, handedOverAt, type ReadModelRecord } from '../inbox/read-model.ts';
import { RedisReadModelStore } from '../inbox/redis-read-model-store.ts';
import { startRedis } from '../testing/test-redis.ts';
import { runBench, stopWithChildren } from './children.ts';

/**
 * npm run bench:replica-traffic — what one change of the inbox's model costs a replica that does not write
 * it (RedisReadModelStore), as the model grows.
 *
 * For each size (BENCH_REPLICA_SIZES, default 2000,10000,30000), the simulator's bulk store of that many
 * conversations (a third active) becomes the model's records as the feed leaves them once ready (the
 * transcript folded: preview, roles, times), written by a writer store to a throwaway redis-server. Then
 * BENCH_REPLICA_CHANGES (default 50) changes, each a new message in an active conversation, each read by
 * another replica that reads the change log (the store as it is); then as many changes, each read by a
 * replica that reloads the whole model (a store whose log reaches back no version: the behaviour before it). Printed per size and
 * replica: the bytes its connection received per change (the socket's count, every reply included) and
 * the CPU time of its refresh in this process per change (the commands, the parsing and the copy's update;
 * the writer's work is outside the measured span).
 */
const SIZES = (process.env.BENCH_REPLICA_SIZES ?? '2000,10000,30000').split(',').map(Number);
const CHANGES = Number(process.env.BENCH_REPLICA_CHANGES ?? 50);

/** The simulator's bulk store of `size` conversations, as the model's records once every transcript is read. */
function modelOfBulkStore(size: number): ReadModelRecord[] {
  const sim = new Simulator();
  const store = sim.store('store_demo')!;
  const seeded = new Set(store.conversations.keys());
  seedBulkConversations(sim, { count: size });
  return [...store.conversations.values()]
    .filter((record) => !seeded.has(record.id))
    .map((record) => {
      const conversation = conversationWire(record);
      const messages = (store.messages.get(record.id) ?? []).filter((message) => message.role !== 'tool');
      return {
        conversation,
        fold: messages.map(messageWire).reduce(foldMessage, EMPTY_FOLD),
        read: true,
        handedOverAt: handedOverAt(undefined, conversation, true),
      };
    });
}

/** The `index`th change: a shopper's new message in an active conversation. */
function changeOf(records: ReadModelRecord[], index: number): ReadModelRecord {
  const active = records.filter((record) => record.conversation.status === 'active');
  const record = active[(index * 7919) % active.length]!;
  const at = new Date(Date.parse(record.conversation.updated_at) + 60_000 * (index + 1)).toISOString();
  return {
    ...record,
    conversation: { ...record.conversation, updated_at: at },
    fold: foldMessage(record.fold, {
      id: `msg_bench_${index}`,
      conversation_id: record.conversation.id,
      content: `Any news on my order? This is my message number ${index + 1} about it, sorry to insist.`,
      created_at: at,
      role: 'user',
      author_user_id: null,
      rating: null,
    }),
  };
}

interface Replica {
  name: string;
  client: Redis;
  store: RedisReadModelStore;
  bytes: number;
  cpuMicros: number;
}

/**
 * A replica's refresh after a change event, measured on its own connection and CPU; then (unmeasured: the
 * same for both replicas, whatever they downloaded) the number of records it serves.
 */
async function readAfterChange(replica: Replica): Promise<number> {
  const bytesBefore = replica.client.stream.bytesRead;
  const cpuBefore = process.cpuUsage();
  replica.store.expire();
  await replica.store.stage();
  const cpu = process.cpuUsage(cpuBefore);
  replica.cpuMicros += cpu.user + cpu.system;
  replica.bytes += replica.client.stream.bytesRead - bytesBefore;
  return (await replica.store.all()).length;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (micros: number) => (micros / 1000).toFixed(2);

runBench('bench-replica-traffic', async () => {
  const redis = await startRedis();
  stopWithChildren(() => redis.stop());
  const clients: Redis[] = [];
  const connect = async () => {
    const client = new Redis(redis.url, { lazyConnect: true });
    clients.push(client);
    await client.connect();
    return client;
  };
  console.log(
    `Machine: ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)} at start, Node ${process.version}. ${CHANGES} changes per size.`,
  );
  const rows: string[] = [];
  for (const size of SIZES) {
    const key = (name: string) => `bench-${size}:${name}`;
    const records = modelOfBulkStore(size);
    const writer = new RedisReadModelStore({ client: await connect(), key });
    await writer.takeOver();
    for (const record of records) await writer.put(record);
    await writer.setStage('ready');
    const modelBytes = records.reduce((sum, record) => sum + Buffer.byteLength(JSON.stringify(record)), 0);

    const replica = async (name: string, changesKept?: number): Promise<Replica> => {
      const client = await connect();
      const store = new RedisReadModelStore({
        client,
        key,
        ...(changesKept === undefined ? {} : { changesKept }),
      });
      await store.all();
      return { name, client, store, bytes: 0, cpuMicros: 0 };
    };
    const changeLog = await replica('change log');
    const wholeReload = await replica('whole reload', 0);
    // One replica after the other, each after a full GC, so that neither pays for garbage not its own.
    for (const [round, reader] of [changeLog, wholeReload].entries()) {
      (globalThis as { gc?: () => void }).gc?.();
      for (let index = round * CHANGES; index < (round + 1) * CHANGES; index += 1) {
        await writer.put(changeOf(records, index));
        const read = await readAfterChange(reader);
        if (read !== records.length)
          throw new Error(`${reader.name} read ${read} records of ${records.length}`);
      }
    }
    const active = records.filter((record) => record.conversation.status === 'active').length;
    console.log(
      `${size} conversations (${active} active), model ${(modelBytes / 1e6).toFixed(1)} MB of JSON: whole reload ${kB(wholeReload.bytes / CHANGES)} kB and ${ms(wholeReload.cpuMicros / CHANGES)} ms CPU per change; change log ${kB(changeLog.bytes / CHANGES)} kB and ${ms(changeLog.cpuMicros / CHANGES)} ms CPU per change`,
    );
    rows.push(
      `| ${size} | ${(modelBytes / 1e6).toFixed(1)} MB | ${kB(wholeReload.bytes / CHANGES)} kB | ${ms(wholeReload.cpuMicros / CHANGES)} ms | ${kB(changeLog.bytes / CHANGES)} kB | ${ms(changeLog.cpuMicros / CHANGES)} ms |`,
    );
    for (const client of clients.splice(0)) client.disconnect();
  }
  console.log(
    [
      '',
      '| Conversations | Model (JSON) | Whole reload: downloaded per change | Whole reload: CPU per change | Change log: downloaded per change | Change log: CPU per change |',
      '| ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n'),
  );
});
