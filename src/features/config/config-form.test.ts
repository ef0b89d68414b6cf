import { describe, expect, it } from 'vitest';
import { AGENT_CONFIG_DEFAULTS } from '@/schemas/agent-config';
import { configFormErrorMap, configFormSchema, isNewerVersion, sameConfig, toUpdate } from './config-form';
import { editableConfig } from './merge-config';

const defaults = editableConfig(AGENT_CONFIG_DEFAULTS);

describe('the configuration form schema', () => {
  it('takes its limits from the shared schema and says by how much a value is over', () => {
    const result = configFormSchema.safeParse(
      { ...defaults, greeting: 'x'.repeat(281), agent_name: 'y'.repeat(65) },
      { error: configFormErrorMap },
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['agent_name', 'Assistant name is 5 characters over the limit of 60. Shorten it to save.'],
      ['greeting', 'Greeting is 1 character over the limit of 280. Shorten it to save.'],
    ]);
  });

  it('counts characters as code points: an emoji is one, a combining mark one of its own', () => {
    const result = configFormSchema.safeParse(
      { ...defaults, agent_name: '😀'.repeat(60), greeting: 'e\u0301'.repeat(141) },
      { error: configFormErrorMap },
    );
    expect(result.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['greeting', 'Greeting is 2 characters over the limit of 280. Shorten it to save.'],
    ]);
  });

  it('accepts every field at its limit, and prompts of any length (the server cuts them)', () => {
    const values = {
      ...defaults,
      agent_name: 'n'.repeat(60),
      greeting: 'g'.repeat(280),
      handoff_message: 'h'.repeat(280),
      persona_instructions: 'p'.repeat(2000),
      suggested_prompts: ['q'.repeat(200), '', 'a', 'b', 'c', 'd', 'e', 'f'],
    };
    expect(configFormSchema.safeParse(values).success).toBe(true);
  });

  it('builds the PUT body with every field and the expected version', () => {
    expect(toUpdate(defaults, null)).toEqual({ ...defaults, expected_updated_at: null });
  });
});

describe('sameConfig', () => {
  it('compares values as typed', () => {
    expect(sameConfig(defaults, { ...defaults })).toBe(true);
    expect(sameConfig(defaults, { ...defaults, suggested_prompts: [''] })).toBe(false);
    expect(sameConfig(defaults, { ...defaults, enabled: false })).toBe(false);
  });
});

describe('isNewerVersion', () => {
  it.each<[string | null, string | null, boolean]>([
    [null, null, false],
    ['2025-03-01T10:00:00.000Z', null, true],
    [null, '2025-03-01T10:00:00.000Z', false],
    ['2025-03-01T10:00:00.000Z', '2025-03-01T10:00:00.000Z', false],
    ['2025-03-01T10:00:00.001Z', '2025-03-01T10:00:00.000Z', true],
    // A cached answer that arrives after a save is older, not newer.
    ['2025-03-01T09:59:59.999Z', '2025-03-01T10:00:00.000Z', false],
    // Unreadable versions are compared by identity.
    ['v2', 'v1', true],
  ])('%s newer than %s: %s', (candidate, than, expected) => {
    expect(isNewerVersion(candidate, than)).toBe(expected);
  });
});
