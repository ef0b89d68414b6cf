import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../../schemas/reports.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { conversations, conversationTags, tags } from '../db/schema.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { buildTestApp, READ_HEADERS, signIn, type TestApp } from '../testing/test-app.ts';
import { seedReportStore } from '../testing/report-fixture.ts';

/**
 * Opens CSV bytes as a spreadsheet does: UTF-8 when they start with a byte-order mark (dropped), else
 * the Windows code page (how Excel shows "LÃ©a" for a UTF-8 "Léa" without one), then RFC 4180 fields.
 */
function openAsSpreadsheet(bytes: Uint8Array): Record<string, string>[] {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bom
    ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3))
    : new TextDecoder('windows-1252').decode(bytes);
  const records: string[][] = [[]];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (quoted) field += char;
    else if (char === ',' || (char === '\r' && text[i + 1] === '\n')) {
      records.at(-1)!.push(field);
      field = '';
      if (char === '\r') {
        records.push([]);
        i += 1;
      }
    } else field += char;
  }
  const [header, ...rows] = records.filter((record) => record.length > 0);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index] ?? ''])));
}

/** A spreadsheet's MEDIAN and PERCENTILE.INC: linear between the closest ranks. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (rank - low) * ((sorted[Math.ceil(rank)] ?? sorted[low]!) - sorted[low]!);
}

const duration = (values: number[]) => ({
  count: values.length,
  median_seconds: percentile(values, 0.5),
  p90_seconds: percentile(values, 0.9),
});
const numbers = (rows: Record<string, string>[], column: string) =>
  rows.filter((row) => row[column] !== '').map((row) => Number(row[column]));

describe.each(bothDrivers())('the exports on %s', (driver) => {
  let app: TestApp;
  let owner: string;
  const QUERY = 'period=custom&from=2026-11-02&to=2026-11-04';

  beforeAll(async () => {
    ({ app } = await buildTestApp({
      upstreamUrl: 'http://127.0.0.1:9',
      now: () => Date.parse('2026-11-04T22:30:00Z'),
      deps: {
        database: new DashboardDatabase(Promise.resolve(driver.database)),
        storeTimeZone: 'Europe/Oslo',
      },
    }));
  });

  beforeEach(async () => {
    owner = await signIn(app);
    await seedReportStore(driver.database.db);
    const { db } = driver.database;
    await db.update(conversations).set({ assignedTo: 'usr_staff1' }).where(eq(conversations.id, 'c4'));
    const added = { createdBy: 'usr_owner', createdAt: new Date() };
    await db.insert(tags).values([
      { id: 't1', name: 'Delivery', colour: 'blue', ...added },
      { id: 't2', name: 'VIP; "gold"', colour: 'red', ...added },
    ]);
    await db.insert(conversationTags).values(
      ['t1', 't2'].map((tagId) => ({
        conversationId: 'c4',
        tagId,
        addedBy: 'usr_owner',
        addedAt: new Date(),
      })),
    );
  });

  const get = async (path: string) => {
    const response = await app.request(path, { headers: { ...READ_HEADERS, cookie: owner } });
    expect(response.status).toBe(200);
    return response;
  };

  it('the CSVs reproduce every figure of the screen for the same period', async () => {
    const screen = ((await (await get(`/bff/reports?${QUERY}`)).json()) as { data: Report }).data;
    const rows = openAsSpreadsheet(
      new Uint8Array(await (await get(`/bff/reports/conversations.csv?${QUERY}`)).arrayBuffer()),
    );
    const people = openAsSpreadsheet(
      new Uint8Array(await (await get(`/bff/reports/people.csv?${QUERY}`)).arrayBuffer()),
    );

    const handed = rows.filter((row) => row.handed_to_person === 'yes').length;
    expect(screen.totals).toEqual({
      started: rows.length,
      handed_to_person: handed,
      handoff_rate: handed / rows.length,
    });
    for (const day of screen.days) {
      const that = rows.filter((row) => row.started_on === day.date);
      expect(day).toEqual({
        date: day.date,
        started: that.length,
        website: that.filter((row) => row.channel === 'website').length,
        messaging_a: that.filter((row) => row.channel === 'messaging_a').length,
        messaging_b: that.filter((row) => row.channel === 'messaging_b').length,
        handed_to_person: that.filter((row) => row.handed_to_person === 'yes').length,
      });
    }
    expect(screen.first_staff_reply).toEqual(duration(numbers(rows, 'seconds_to_first_staff_reply')));
    expect(screen.time_to_close).toEqual(duration(numbers(rows, 'seconds_to_close')));

    // Per person: the people CSV, and the conversations' first replies by who gave them.
    expect(people.map((row) => row.user_id)).toEqual(['', ...screen.staff.map((row) => row.author_user_id)]);
    for (const row of screen.staff) {
      const theirs = people.find((person) => person.user_id === row.author_user_id)!;
      const answered = rows.filter((conversation) => conversation.first_replied_by === theirs.person);
      expect(row.median_first_reply_seconds).toBe(
        percentile(numbers(answered, 'seconds_to_first_staff_reply'), 0.5),
      );
      expect(theirs).toMatchObject({
        conversations_replied: String(row.conversations_replied),
        first_replies: String(answered.length),
        median_first_reply_seconds: String(row.median_first_reply_seconds ?? ''),
        ratings: String(row.ratings),
        average_rating: String(row.average_rating ?? ''),
      });
    }
    for (const rated of screen.ratings) {
      const theirs = people.find((person) => person.user_id === (rated.author_user_id ?? ''))!;
      expect([1, 2, 3, 4, 5].map((stars) => Number(theirs[`rated_${stars}`]))).toEqual(rated.distribution);
      expect(theirs.average_rating).toBe(String(rated.average ?? ''));
    }
    // Every rating of the period is in the conversations' rows too.
    expect(numbers(rows, 'ratings').reduce((sum, count) => sum + count, 0)).toBe(
      screen.ratings.reduce((sum, row) => sum + row.count, 0),
    );
    // The figures this test compares are not trivially empty.
    expect(screen.first_staff_reply.count).toBeGreaterThan(2);
    expect(screen.staff.length).toBeGreaterThan(1);
  });

  it('opens with "Léa" intact, assignee and tags named, in a spreadsheet that honours the byte-order mark', async () => {
    const response = await get(`/bff/reports/conversations.csv?${QUERY}`);
    const rows = openAsSpreadsheet(new Uint8Array(await response.arrayBuffer()));
    expect(rows.find((row) => row.conversation_id === 'c3')?.display_name).toBe('Léa');
    expect(rows.find((row) => row.conversation_id === 'c4')).toMatchObject({
      assignee: 'Sam Rivera',
      tags: 'Delivery; VIP; "gold"',
    });
  });
});
