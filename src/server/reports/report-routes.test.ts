import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../../schemas/reports.ts';
import type { Conversation } from '../../schemas/conversation.ts';
import type { Message } from '../../schemas/message.ts';
import { ConversationHistory } from '../history/conversation-history.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { buildTestApp, READ_HEADERS, signIn, signInAs, type TestApp } from '../testing/test-app.ts';
import { ALEX, SAM, seedReportStore } from '../testing/report-fixture.ts';
import { ReportFigures } from './report-figures.ts';
import { CHANNELS } from '../../schemas/conversation.ts';
import { ASSISTANT_AUTHOR, type ReportFilter } from '../../schemas/report-filter.ts';

describe.each(bothDrivers())('the reports on %s', (driver) => {
  let app: TestApp;
  let owner: string;
  let staff: string;
  const START = Date.parse('2026-11-04T22:30:00Z');
  let now = START;

  beforeAll(async () => {
    ({ app } = await buildTestApp({
      // The reports never read the store.
      upstreamUrl: 'http://127.0.0.1:9',
      now: () => now,
      deps: {
        database: new DashboardDatabase(Promise.resolve(driver.database)),
        storeTimeZone: 'Europe/Oslo',
      },
    }));
  });

  beforeEach(async () => {
    // The clock moves in some tests, and sessions lapse with it: each test signs in afresh.
    now = START;
    [owner, staff] = await Promise.all([signIn(app), signInAs(app)]);
    await seedReportStore(driver.database.db);
  });

  const read = (path: string, cookie = owner) => app.request(path, { headers: { ...READ_HEADERS, cookie } });
  const report = async (query: string) => {
    const response = await read(`/bff/reports?${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Report }).data;
  };

  it('computes every figure of a period to the exact value', async () => {
    expect(await report('period=custom&from=2026-11-02&to=2026-11-04')).toEqual({
      period: { from: '2026-11-02', to: '2026-11-04', time_zone: 'Europe/Oslo' },
      // The test app's feed has not run: it knows of no conversation yet.
      coverage: { copied: 7, known: 0, transcripts_read: 7, complete: false },
      totals: { started: 5, handed_to_person: 4, handoff_rate: 0.8 },
      // The three days before, in Oslo: c6 started there (23:30 on Nov 1), handed over and answered in 2400 s.
      previous: {
        period: { from: '2026-10-30', to: '2026-11-01', time_zone: 'Europe/Oslo' },
        totals: { started: 1, handed_to_person: 1, handoff_rate: 1 },
        first_staff_reply: { count: 1, median_seconds: 2400, p90_seconds: 2400 },
        time_to_close: { count: 0, median_seconds: null, p90_seconds: null },
      },
      days: [
        { date: '2026-11-02', started: 1, website: 1, messaging_a: 0, messaging_b: 0, handed_to_person: 1 },
        { date: '2026-11-03', started: 2, website: 1, messaging_a: 1, messaging_b: 0, handed_to_person: 1 },
        { date: '2026-11-04', started: 2, website: 1, messaging_a: 0, messaging_b: 1, handed_to_person: 2 },
      ],
      // Conversations started in the period, answered after their handoff: c1 120 s (Sam), c2 600 s
      // (Alex), c4 1800 s (Alex). c6 was handed over in the period but started before it: not counted.
      first_staff_reply: { count: 3, median_seconds: 600, p90_seconds: 1560 },
      // c1 closed after 3600 s, c2 after 7200 s.
      time_to_close: { count: 2, median_seconds: 5400, p90_seconds: 6840 },
      ratings: [
        { author_user_id: null, count: 3, average: 3.67, distribution: [0, 1, 0, 1, 1] },
        { author_user_id: ALEX, count: 2, average: 2, distribution: [1, 0, 1, 0, 0] },
        { author_user_id: SAM, count: 2, average: 4.5, distribution: [0, 0, 0, 1, 1] },
      ],
      staff: [
        {
          author_user_id: ALEX,
          conversations_replied: 2,
          first_replies: 2,
          median_first_reply_seconds: 1200,
          ratings: 2,
          average_rating: 2,
        },
        {
          author_user_id: SAM,
          conversations_replied: 2,
          first_replies: 1,
          median_first_reply_seconds: 120,
          ratings: 2,
          average_rating: 4.5,
        },
      ],
      busiest_hours: [
        { weekday: 1, hour: 7, shopper_messages: 1 },
        { weekday: 1, hour: 9, shopper_messages: 2 },
        { weekday: 2, hour: 0, shopper_messages: 2 },
        { weekday: 2, hour: 11, shopper_messages: 1 },
        { weekday: 3, hour: 13, shopper_messages: 2 },
        { weekday: 3, hour: 23, shopper_messages: 1 },
      ],
      // The first handoff of each conversation started in the period (c5's came after its end).
      asked_before_handoff: [
        {
          conversation_id: 'c5',
          display_name: 'Per, "the jacket"',
          handed_at: '2026-11-04T23:30:00.000Z',
          content: 'Is the jacket waterproof?',
        },
        {
          conversation_id: 'c4',
          display_name: null,
          handed_at: '2026-11-04T12:05:00.000Z',
          content: 'Let me talk to someone',
        },
        {
          conversation_id: 'c2',
          display_name: '=HYPERLINK("http://evil.example")',
          handed_at: '2026-11-02T23:40:00.000Z',
          content: 'Can a human help?',
        },
        {
          conversation_id: 'c1',
          display_name: 'Kari',
          handed_at: '2026-11-02T08:10:00.000Z',
          content: 'I want a person',
        },
      ],
    });
  });

  it('includes, exactly, what a store had before the dashboard: conversations first met closed', async () => {
    // Met in the store's listing with no known past; the history backfill read p1 to p3 (p4 not yet).
    // In Oslo 2026-10-20 is UTC+2: the day runs from 2026-10-19T22:00Z to 2026-10-20T22:00Z.
    const history = new ConversationHistory(driver.database.db, async () => {});
    const listed = (
      id: string,
      channel: Conversation['channel'],
      status: Conversation['status'],
      handoff: Conversation['handoff_state'],
      created: string,
      updated: string,
    ): Conversation => ({
      id,
      channel,
      status,
      handoff_state: handoff,
      assigned_to: null,
      currency: 'NOK',
      customer_id: null,
      display_name: `Shopper ${id}`,
      email: null,
      created_at: created,
      updated_at: updated,
    });
    const message = (
      id: string,
      role: Message['role'],
      author: string | null,
      content: string,
      rating: number | null,
      created: string,
    ): Message => ({
      id,
      conversation_id: id.split('-')[0]!,
      role,
      author_user_id: author,
      content,
      rating,
      created_at: created,
    });
    const transcripts: [Conversation, Message[]][] = [
      [
        listed('p1', 'website', 'closed', 'human', '2026-10-20T09:00:00Z', '2026-10-20T10:00:00Z'),
        [
          message('p1-1', 'user', null, 'Where is my parcel?', null, '2026-10-20T09:00:00Z'),
          message('p1-2', 'assistant', null, 'Let me check.', 2, '2026-10-20T09:01:00Z'),
          message('p1-3', 'user', null, 'A person please', null, '2026-10-20T09:05:00Z'),
          // The assistant's hand-over notice.
          message('p1-4', 'assistant', null, 'Handing you to our team.', null, '2026-10-20T09:06:00Z'),
          message('p1-5', 'assistant', SAM, 'Sam here, it ships today.', 5, '2026-10-20T09:16:00Z'),
        ],
      ],
      [
        // Handed back to the assistant before it closed: its staff reply proves the handoff.
        listed('p2', 'messaging_a', 'closed', 'bot', '2026-10-20T12:00:00Z', '2026-10-20T14:00:00Z'),
        [
          message('p2-1', 'user', null, 'Gift wrap?', null, '2026-10-20T12:00:00Z'),
          message('p2-2', 'assistant', null, 'Yes!', 4, '2026-10-20T12:02:00Z'),
          message('p2-3', 'user', null, 'Can someone confirm?', null, '2026-10-20T12:10:00Z'),
          message('p2-4', 'assistant', ALEX, 'Confirmed.', 3, '2026-10-20T12:40:00Z'),
        ],
      ],
      [
        listed('p3', 'website', 'closed', 'bot', '2026-10-20T15:00:00Z', '2026-10-20T15:30:00Z'),
        [
          message('p3-1', 'user', null, 'Opening hours?', null, '2026-10-20T15:00:00Z'),
          message('p3-2', 'assistant', null, '9 to 5.', 5, '2026-10-20T15:00:10Z'),
        ],
      ],
    ];
    const unread = listed('p4', 'website', 'closed', 'bot', '2026-10-21T09:00:00Z', '2026-10-21T09:30:00Z');
    for (const [conversation] of transcripts) await history.observed(conversation, 'listing');
    await history.observed(unread, 'listing');
    // Newest first, and only what has no past in the copy yet.
    expect(await history.transcriptsToRead(10)).toEqual(['p4', 'p3', 'p2', 'p1']);
    // p1 twice (a restart between keeping it and the next step): recorded once.
    for (const [conversation, transcript] of [...transcripts, transcripts[0]!])
      await history.transcriptRead(conversation.id, transcript);
    expect(await history.transcriptsToRead(10)).toEqual(['p4']);

    expect(await report('period=custom&from=2026-10-20&to=2026-10-20')).toEqual({
      period: { from: '2026-10-20', to: '2026-10-20', time_zone: 'Europe/Oslo' },
      // c1 to c7 and p1 to p3 have their transcripts; p4 is still to read.
      coverage: { copied: 11, known: 0, transcripts_read: 10, complete: false },
      totals: { started: 3, handed_to_person: 2, handoff_rate: 2 / 3 },
      previous: {
        period: { from: '2026-10-19', to: '2026-10-19', time_zone: 'Europe/Oslo' },
        totals: { started: 0, handed_to_person: 0, handoff_rate: null },
        first_staff_reply: { count: 0, median_seconds: null, p90_seconds: null },
        time_to_close: { count: 0, median_seconds: null, p90_seconds: null },
      },
      days: [
        { date: '2026-10-20', started: 3, website: 2, messaging_a: 1, messaging_b: 0, handed_to_person: 2 },
      ],
      // From the assistant's last message before the first staff reply: p1 600 s (Sam), p2 2280 s (Alex).
      first_staff_reply: { count: 2, median_seconds: 1440, p90_seconds: 2112 },
      // Closed at their last update: p1 3600 s, p2 7200 s, p3 1800 s.
      time_to_close: { count: 3, median_seconds: 3600, p90_seconds: 6480 },
      ratings: [
        { author_user_id: null, count: 3, average: 3.67, distribution: [0, 1, 0, 1, 1] },
        { author_user_id: ALEX, count: 1, average: 3, distribution: [0, 0, 1, 0, 0] },
        { author_user_id: SAM, count: 1, average: 5, distribution: [0, 0, 0, 0, 1] },
      ],
      staff: [
        {
          author_user_id: ALEX,
          conversations_replied: 1,
          first_replies: 1,
          median_first_reply_seconds: 2280,
          ratings: 1,
          average_rating: 3,
        },
        {
          author_user_id: SAM,
          conversations_replied: 1,
          first_replies: 1,
          median_first_reply_seconds: 600,
          ratings: 1,
          average_rating: 5,
        },
      ],
      busiest_hours: [
        { weekday: 2, hour: 11, shopper_messages: 2 },
        { weekday: 2, hour: 14, shopper_messages: 2 },
        { weekday: 2, hour: 17, shopper_messages: 1 },
      ],
      asked_before_handoff: [
        {
          conversation_id: 'p2',
          display_name: 'Shopper p2',
          handed_at: '2026-10-20T12:02:00.000Z',
          content: 'Gift wrap?',
        },
        {
          conversation_id: 'p1',
          display_name: 'Shopper p1',
          handed_at: '2026-10-20T09:06:00.000Z',
          content: 'A person please',
        },
      ],
    });
    // What was derived says so in the history, and a transition seen live is never doubled.
    expect(await history.list('p1')).toEqual([
      expect.objectContaining({
        kind: 'handed_to_person',
        version: 'transcript',
        at: '2026-10-20T09:06:00.000Z',
      }),
      expect.objectContaining({ kind: 'closed', version: 'transcript', at: '2026-10-20T10:00:00.000Z' }),
    ]);
    await history.transcriptRead('c1', []);
    expect((await history.list('c1')).map((entry) => entry.version)).toEqual([
      '2026-11-02T08:10:00Z',
      '2026-11-02T09:00:00Z',
    ]);
  });

  it("a preset period ends today in the store's time zone", async () => {
    // 23:30 in Oslo on 2026-11-04: the last 7 days are 10-29 to 11-04 (c6 is in, c7 not yet).
    const week = await report('period=7d');
    expect(week.period).toEqual({ from: '2026-10-29', to: '2026-11-04', time_zone: 'Europe/Oslo' });
    expect(week.totals).toEqual({ started: 6, handed_to_person: 5, handoff_rate: 5 / 6 });
    expect(week.days).toHaveLength(7);
    // 00:30 in Oslo on 2026-11-05 (still the 4th in UTC): a new day has begun there, with c7.
    now = Date.parse('2026-11-04T23:30:00Z');
    owner = await signIn(app);
    const next = await report('period=7d');
    expect(next.period).toMatchObject({ from: '2026-10-30', to: '2026-11-05' });
    expect(next.totals.started).toBe(7);
    expect((await report('period=90d')).period).toMatchObject({ from: '2026-08-08', to: '2026-11-05' });
  });

  it('an empty period has zeros and no figures where nothing was measured', async () => {
    const empty = await report('period=custom&from=2026-01-01&to=2026-01-02');
    expect(empty.totals).toEqual({ started: 0, handed_to_person: 0, handoff_rate: null });
    expect(empty.days.map((day) => [day.date, day.started])).toEqual([
      ['2026-01-01', 0],
      ['2026-01-02', 0],
    ]);
    expect(empty.first_staff_reply).toEqual({ count: 0, median_seconds: null, p90_seconds: null });
    expect(empty.time_to_close).toEqual({ count: 0, median_seconds: null, p90_seconds: null });
    expect([empty.ratings, empty.staff, empty.busiest_hours, empty.asked_before_handoff]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it('exports the conversations started in the period as CSV, safe to open in a spreadsheet', async () => {
    const response = await read('/bff/reports/conversations.csv?period=custom&from=2026-11-02&to=2026-11-04');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="conversations-2026-11-02-to-2026-11-04.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte-order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')).toEqual([
      'conversation_id,started_at,started_on,channel,status,display_name,assignee,tags,handed_to_person,first_handoff_at,first_staff_reply_at,first_replied_by,seconds_to_first_staff_reply,closed_at,seconds_to_close,shopper_messages,staff_replies,ratings,average_rating,lowest_rating',
      'c1,2026-11-02T08:00:00.000Z,2026-11-02,website,closed,Kari,,,yes,2026-11-02T08:10:00.000Z,2026-11-02T08:12:00.000Z,usr_sam,120,2026-11-02T09:00:00.000Z,3600,2,1,2,3.5,2',
      // Started on the 2nd in UTC, the 3rd in Oslo: started_on is the store's day, as the screen counts.
      `c2,2026-11-02T23:30:00.000Z,2026-11-03,messaging_a,closed,"'=HYPERLINK(""http://evil.example"")",,,yes,2026-11-02T23:40:00.000Z,2026-11-02T23:50:00.000Z,usr_alex,600,2026-11-03T01:30:00.000Z,7200,2,2,2,3.5,3`,
      'c3,2026-11-03T10:00:00.000Z,2026-11-03,website,active,Léa,,,no,,,,,,,1,0,2,4.5,4',
      'c4,2026-11-04T12:00:00.000Z,2026-11-04,messaging_b,active,,,,yes,2026-11-04T12:05:00.000Z,2026-11-04T12:35:00.000Z,usr_alex,1800,,,2,1,1,1,1',
      // Handed to a person after the period (the conversation started in it); nobody answered yet.
      'c5,2026-11-04T22:59:00.000Z,2026-11-04,website,active,"Per, ""the jacket""",,,yes,2026-11-04T23:30:00.000Z,,,,,,1,0,0,,',
      '',
    ]);
  });

  it('finds, for each figure, exactly the conversations it counts (what the inbox then lists)', async () => {
    const shown = await report('period=custom&from=2026-11-02&to=2026-11-04');
    const figures = new ReportFigures(driver.database.db);
    const ids = (filter: Omit<ReportFilter, 'from' | 'to'> & Partial<ReportFilter>) =>
      figures.conversationIds({ from: '2026-11-02', to: '2026-11-04', ...filter }, 'Europe/Oslo');
    for (const day of shown.days) {
      const on = { from: day.date, to: day.date };
      expect((await ids({ scope: 'started', ...on })).length).toBe(day.started);
      expect((await ids({ scope: 'handed', ...on })).length).toBe(day.handed_to_person);
      expect((await ids({ scope: 'assistant_alone', ...on })).length).toBe(
        day.started - day.handed_to_person,
      );
      for (const channel of CHANNELS)
        expect((await ids({ scope: 'started', channel, ...on })).length).toBe(day[channel]);
    }
    // The handoffs of Nov 4 in Oslo: c5's started at 23:59 there, though handed over after midnight.
    expect(await ids({ scope: 'handed', from: '2026-11-04', to: '2026-11-04' })).toEqual(['c4', 'c5']);
    expect((await ids({ scope: 'started' })).length).toBe(shown.totals.started);
    expect((await ids({ scope: 'handed' })).length).toBe(shown.totals.handed_to_person);
    expect((await ids({ scope: 'first_reply' })).length).toBe(shown.first_staff_reply.count);
    expect((await ids({ scope: 'closed' })).length).toBe(shown.time_to_close.count);
    for (const person of shown.staff) {
      const { author_user_id: id } = person;
      expect((await ids({ scope: 'replied', person: id })).length).toBe(person.conversations_replied);
      expect((await ids({ scope: 'first_reply', person: id })).length).toBe(person.first_replies);
    }
    // Ratings count ratings: the assistant's three are in two conversations, its 2★ in c1.
    expect(await ids({ scope: 'rated', person: ASSISTANT_AUTHOR })).toEqual(['c1', 'c3']);
    expect(await ids({ scope: 'rated', person: ASSISTANT_AUTHOR, rating: 2 })).toEqual(['c1']);
    expect(await ids({ scope: 'rated', person: ALEX, rating: 1 })).toEqual(['c4']);
  });

  it('refuses an inbox report filter it cannot follow, before reading the store', async () => {
    for (const query of [
      'report=handed&report_from=2026-11-04',
      'report=handed&report_from=2026-11-05&report_to=2026-11-04',
      'report=handed&report_from=2026-02-30&report_to=2026-03-01',
      'report=everything&report_from=2026-11-04&report_to=2026-11-04',
    ]) {
      const response = await read(`/bff/inbox?status=any&${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
    }
  });

  it('is for owners only: staff are refused in the error envelope', async () => {
    for (const path of ['/bff/reports?period=7d', '/bff/reports/conversations.csv?period=7d']) {
      const refused = await read(path, staff);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { code: 'role_forbidden' } });
    }
    const anonymous = await app.request('/bff/reports?period=7d', { headers: READ_HEADERS });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a query it cannot answer, naming the parameter', async () => {
    const cases: [string, string][] = [
      ['', 'period'],
      ['period=1y', 'period'],
      ['period=custom&from=2026-11-02', 'from'],
      ['period=7d&from=2026-11-02&to=2026-11-03', 'from'],
      ['period=custom&from=2026-02-30&to=2026-03-01', 'from'],
      ['period=custom&from=2026-11-05&to=2026-11-04', 'to'],
      ['period=custom&from=2025-01-01&to=2026-11-04', 'to'],
      ['period=7d&tz=UTC', ''],
      [`period=custom&from=${'9'.repeat(5000)}&to=2026-11-04`, 'from'],
    ];
    for (const [query, field] of cases) {
      const refused = await read(`/bff/reports?${query}`);
      expect(refused.status, query.slice(0, 60)).toBe(400);
      const body = (await refused.json()) as { error: { code: string; field?: string } };
      expect(body.error.code).toBe('invalid_query');
      if (field) expect(body.error.field, query.slice(0, 60)).toBe(field);
    }
  });

  if (driver.kind === 'postgres') {
    it('answers 503 database_unavailable while the database is down, and the figures again after', async () => {
      await driver.server!.kill();
      const refused = await read('/bff/reports?period=7d');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ error: { code: 'database_unavailable' } });
      await driver.server!.restart();
      await expect
        .poll(async () => (await read('/bff/reports?period=7d')).status, { timeout: 10_000 })
        .toBe(200);
    }, 30_000);
  }
});
