import { describe, expect, it } from 'vitest';
import {
  AGENT_CONFIG_DEFAULTS,
  agentConfigSchema,
  agentConfigUpdateSchema,
  normalizeSuggestedPrompts,
} from './agent-config.ts';
import { conversationListQuerySchema, conversationSchema, conversationUpdateSchema } from './conversation.ts';
import { errorEnvelopeSchema } from './error.ts';
import { knowledgeSourceCreateSchema } from './knowledge-source.ts';
import { messageCreateSchema } from './message.ts';
import { listSchema } from './page.ts';
import { buildConversation } from '../testing/factories.ts';

const conversation = buildConversation();

describe('responses parse leniently', () => {
  it('keeps unknown fields the API adds without notice', () => {
    const parsed = conversationSchema.parse({ ...conversation, priority: 'high' });
    expect(parsed).toMatchObject({ priority: 'high' });
  });

  it('parses a list page with and without next_cursor', () => {
    const schema = listSchema(conversationSchema);
    expect(
      schema.parse({ data: [conversation], page: { has_more: true, next_cursor: 'c1' } }).page.next_cursor,
    ).toBe('c1');
    expect(schema.parse({ data: [], page: { has_more: false } }).page.next_cursor).toBeUndefined();
  });

  it('parses the error envelope with optional members', () => {
    const body = {
      error: { code: 'invalid_body', message: 'x', reason: 'out_of_range', field: 'greeting', extra: 1 },
    };
    expect(errorEnvelopeSchema.parse(body).error.field).toBe('greeting');
    expect(errorEnvelopeSchema.safeParse({ message: 'Bad gateway' }).success).toBe(false);
  });

  it('serves the spec defaults for a never-configured store', () => {
    expect(agentConfigSchema.parse(AGENT_CONFIG_DEFAULTS).updated_at).toBeNull();
  });
});

describe('request bodies parse strictly', () => {
  const config = { ...AGENT_CONFIG_DEFAULTS, expected_updated_at: null } as Record<string, unknown>;
  delete config.updated_at;

  it.each([
    ['an unknown key', { ...config, tone: 'warm' }],
    ['a missing field', { ...config, greeting: undefined }],
    ['an over-long agent name', { ...config, agent_name: 'x'.repeat(61) }],
    ['a wrong type', { ...config, enabled: 'yes' }],
  ])('refuses a config update with %s', (_label, body) => {
    expect(agentConfigUpdateSchema.safeParse(body).success).toBe(false);
  });

  it('accepts a complete config update', () => {
    expect(agentConfigUpdateSchema.safeParse(config).success).toBe(true);
  });

  it('requires the assigned_to key even when null', () => {
    expect(conversationUpdateSchema.safeParse({ status: 'active', handoff_state: 'human' }).success).toBe(
      false,
    );
    expect(
      conversationUpdateSchema.safeParse({ status: 'active', handoff_state: 'human', assigned_to: null })
        .success,
    ).toBe(true);
  });

  it('refuses a blank reply and a role key', () => {
    expect(messageCreateSchema.safeParse({ content: '  \n' }).success).toBe(false);
    expect(messageCreateSchema.safeParse({ content: 'Hi', role: 'user' }).success).toBe(false);
  });

  it('counts an emoji as one character and a combining mark as one of its own', () => {
    const emojiName = '🛍️'.repeat(30); // 🛍 + U+FE0F: 60 code points, 90 UTF-16 units
    expect(agentConfigUpdateSchema.safeParse({ ...config, agent_name: emojiName }).success).toBe(true);
    expect(agentConfigUpdateSchema.safeParse({ ...config, agent_name: `${emojiName}!` }).success).toBe(false);
    const accented = 'e\u0301'.repeat(100); // 200 code points
    expect(knowledgeSourceCreateSchema.safeParse({ kind: 'doc', title: accented, text: 'x' }).success).toBe(
      true,
    );
    expect(
      knowledgeSourceCreateSchema.safeParse({ kind: 'doc', title: `${accented}e`, text: 'x' }).success,
    ).toBe(false);
  });

  it('limits knowledge text to 100000 characters', () => {
    expect(
      knowledgeSourceCreateSchema.safeParse({ kind: 'doc', title: 't', text: 'x'.repeat(100_000) }).success,
    ).toBe(true);
    expect(
      knowledgeSourceCreateSchema.safeParse({ kind: 'doc', title: 't', text: 'x'.repeat(100_001) }).success,
    ).toBe(false);
  });

  it.each([['0'], ['101'], ['1.5'], ['-1'], ['ten']])('refuses limit=%s instead of clamping', (limit) => {
    expect(conversationListQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('refuses an empty assigned_to filter and a date that is not RFC 3339', () => {
    expect(conversationListQuerySchema.safeParse({ assigned_to: '' }).success).toBe(false);
    expect(conversationListQuerySchema.safeParse({ updated_after: '2026-11-01' }).success).toBe(false);
    expect(
      conversationListQuerySchema.safeParse({ updated_after: '2026-11-01T10:00:00+02:00' }).success,
    ).toBe(true);
  });
});

describe('normalizeSuggestedPrompts', () => {
  it('drops blanks, cuts each to 80 characters and keeps at most 6', () => {
    const long = 'a'.repeat(100);
    expect(normalizeSuggestedPrompts(['', '  ', long, '1', '2', '3', '4', '5', '6'])).toEqual([
      'a'.repeat(80),
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it('never cuts an emoji in half', () => {
    const prompt = `${'x'.repeat(79)}😀😀`;
    expect(normalizeSuggestedPrompts([prompt])[0]).toBe(`${'x'.repeat(79)}😀`);
  });
});
