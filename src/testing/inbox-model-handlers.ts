import { http, HttpResponse } from 'msw';
import { inboxQuerySchema, openedSchema } from '@/schemas/inbox';
import type { Simulator } from '../../mocks/simulator';
import { conversationWire, messageWire } from '../../mocks/state/wire';
import { InboxService } from '../server/inbox/inbox-service.ts';
import { EMPTY_FOLD, foldMessage, handedOverAt } from '../server/inbox/read-model.ts';
import { MemoryReadModelStore } from '../server/inbox/read-model-store.ts';
import { MemoryInboxSettingsStore, MemoryOpenedMarkerStore } from '../server/inbox/opened-markers.ts';
import type { TestBff } from './bff-handlers';

/**
 * The BFF's inbox routes (`GET /bff/inbox`, `PUT /bff/inbox/opened`) for component tests: the BFF's own
 * InboxService over a read model that is brought up to the simulator's store before every request, as
 * the store feed keeps it current while another dashboard's stream is open.
 */
export function createInboxModelHandlers(sim: Simulator, bff: TestBff) {
  const model = new MemoryReadModelStore();
  const inbox = new InboxService(model, new MemoryOpenedMarkerStore(), new MemoryInboxSettingsStore(), () =>
    sim.now().getTime(),
  );

  const catchUp = async () => {
    const store = sim.store('store_demo')!;
    const known = (await model.stage()) === 'ready';
    for (const record of store.conversations.values()) {
      const conversation = conversationWire(record);
      const messages = (store.messages.get(record.id) ?? []).filter((message) => message.role !== 'tool');
      const fold = messages.map(messageWire).reduce(foldMessage, EMPTY_FOLD);
      const previous = await model.get(record.id);
      await model.put({
        conversation,
        fold,
        read: true,
        handedOverAt: handedOverAt(previous, conversation, known),
      });
    }
    await model.setStage('ready');
  };

  const refuse = (status: number, code: string, message: string) =>
    HttpResponse.json({ error: { code, message } }, { status });

  return [
    http.get('/bff/inbox', async ({ request }) => {
      const user = bff.currentUser();
      if (!user) return refuse(401, 'session_required', 'Sign in to continue.');
      const parsed = inboxQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return refuse(400, 'invalid_query', 'The inbox query has an invalid parameter.');
      await catchUp();
      return HttpResponse.json(await inbox.list(user.id, parsed.data));
    }),
    http.put('/bff/inbox/opened', async ({ request }) => {
      const user = bff.currentUser();
      if (!user) return refuse(401, 'session_required', 'Sign in to continue.');
      const body = openedSchema.safeParse(await request.json().catch(() => null));
      if (!body.success) return refuse(400, 'invalid_body', 'Send {conversation_id: string}.');
      await catchUp();
      await inbox.markOpened(user.id, body.data.conversation_id);
      return new HttpResponse(null, { status: 204 });
    }),
    // The dashboard's own data on the open conversation: none here (the BFF's tests cover it).
    http.get('/bff/conversations/:id/tags', () => HttpResponse.json({ data: [] })),
    http.get('/bff/conversations/:id/snooze', () => HttpResponse.json({ data: null })),
  ];
}
