import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InboxRow } from '@/schemas/inbox';
import { buildConversation, buildInboxResponse } from '@/testing/factories';
import { setUpInboxTests, sim } from '@/testing/inbox-harness';
import { renderWithApp } from '@/testing/render-with-app';

setUpInboxTests();

const VIP = 'tag_0000000000a1';
const asleep: InboxRow = {
  conversation: buildConversation({ id: 'conv_asleep', handoff_state: 'human', display_name: 'Nora' }),
  last_message: null,
  last_shopper_message_at: null,
  waiting_since: null,
  unread: false,
  tags: [{ id: VIP, name: 'VIP', colour: 'amber' }],
  snooze: { until: null, snoozed_by: 'usr_staff1', snoozed_at: '2026-11-20T11:00:00.000Z', woke: null },
};

describe('a tag filter whose conversations are snoozed', () => {
  it('says how many are snoozed and offers to show them or to clear the filter', async () => {
    // The BFF: the tagged conversation is snoozed, so only the Snoozed list has it.
    const inbox = http.get('/bff/inbox', ({ request }) => {
      const snoozedOnly = new URL(request.url).searchParams.get('snoozed') === 'only';
      return HttpResponse.json(
        snoozedOnly ? buildInboxResponse({ data: [asleep] }) : buildInboxResponse({ snoozed_tagged: 1 }),
      );
    });
    const { user, router } = renderWithApp({
      route: `/inbox?status=active&handoff_state=human&tag=${VIP}`,
      session: 'staff',
      simulator: sim,
      handlers: [
        inbox,
        http.get('/bff/tags', () =>
          HttpResponse.json({ data: [{ ...asleep.tags![0]!, conversation_count: 1 }] }),
        ),
      ],
    });

    expect(await screen.findByRole('heading', { name: '1 tagged conversation is snoozed' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Show the snoozed one' }));
    const shown = new URLSearchParams(router.state.location.search);
    expect(shown.get('snoozed')).toBe('only');
    expect(shown.get('tag')).toBe(VIP);
    expect(await screen.findByRole('link', { name: /Nora/ })).toBeVisible();

    await act(() => router.navigate(-1));
    await user.click(await screen.findByRole('link', { name: 'Clear the tag filter' }));
    const cleared = new URLSearchParams(router.state.location.search);
    expect(cleared.get('tag')).toBeNull();
    expect(cleared.get('status')).toBe('active');
    expect(cleared.get('handoff_state')).toBe('human');
  });
});
