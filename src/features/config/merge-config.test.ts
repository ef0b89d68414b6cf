import { describe, expect, it } from 'vitest';
import { AGENT_CONFIG_DEFAULTS } from '@/schemas/agent-config';
import {
  editableConfig,
  mergeConfig,
  resolveConflicts,
  type EditableConfig,
  type MergeOutcome,
} from './merge-config';

const base: EditableConfig = {
  ...editableConfig(AGENT_CONFIG_DEFAULTS),
  agent_name: 'Ava',
  greeting: 'Hi there!',
  suggested_prompts: ['Track my order', 'Gift ideas'],
};

describe('mergeConfig', () => {
  it.each<
    [string, Partial<EditableConfig>, Partial<EditableConfig>, keyof EditableConfig, MergeOutcome, unknown]
  >([
    ['untouched', {}, {}, 'greeting', 'untouched', 'Hi there!'],
    ['mine only', { greeting: 'Hello!' }, {}, 'greeting', 'mine', 'Hello!'],
    ['theirs only', {}, { greeting: 'Welcome!' }, 'greeting', 'theirs', 'Welcome!'],
    ['both the same', { greeting: 'Hey' }, { greeting: 'Hey' }, 'greeting', 'same', 'Hey'],
    ['both different', { greeting: 'Hello!' }, { greeting: 'Welcome!' }, 'greeting', 'conflict', 'Hello!'],
    ['a switch, theirs only', {}, { enabled: false }, 'enabled', 'theirs', false],
    ['a switch, mine only', { skill_add_to_cart: false }, {}, 'skill_add_to_cart', 'mine', false],
    ['a switch, both turned off', { enabled: false }, { enabled: false }, 'enabled', 'same', false],
    [
      'prompts, mine only',
      { suggested_prompts: ['Gift ideas'] },
      {},
      'suggested_prompts',
      'mine',
      ['Gift ideas'],
    ],
    [
      'prompts, theirs only',
      {},
      { suggested_prompts: ['Sizes?'] },
      'suggested_prompts',
      'theirs',
      ['Sizes?'],
    ],
    [
      'prompts, both reordered differently',
      { suggested_prompts: ['Gift ideas', 'Track my order'] },
      { suggested_prompts: ['Track my order'] },
      'suggested_prompts',
      'conflict',
      ['Gift ideas', 'Track my order'],
    ],
    [
      'prompts, the same list once normalised on both sides',
      { suggested_prompts: ['Track my order', 'Gift ideas', 'Sizes?'] },
      { suggested_prompts: ['Track my order', 'Gift ideas', 'Sizes?', ' '] },
      'suggested_prompts',
      'same',
      ['Track my order', 'Gift ideas', 'Sizes?'],
    ],
    [
      'prompts, a chip past 80 characters equals its cut',
      { suggested_prompts: ['Track my order', `${'g'.repeat(80)} and more`] },
      { suggested_prompts: ['Track my order', 'g'.repeat(80)] },
      'suggested_prompts',
      'same',
      ['Track my order', `${'g'.repeat(80)} and more`],
    ],
    [
      'prompts, a blank chip added is no change',
      { suggested_prompts: ['Track my order', 'Gift ideas', '  '] },
      { suggested_prompts: ['Sizes?'] },
      'suggested_prompts',
      'theirs',
      ['Sizes?'],
    ],
  ])('%s', (_label, mineChanges, theirsChanges, field, outcome, mergedValue) => {
    const merge = mergeConfig(base, { ...base, ...mineChanges }, { ...base, ...theirsChanges });
    expect(merge.fields.find((f) => f.field === field)?.outcome).toBe(outcome);
    expect(merge.merged[field]).toEqual(mergedValue);
    expect(merge.conflicts.includes(field)).toBe(outcome === 'conflict');
  });

  it('takes their edits, keeps mine and leaves the contested field to the owner', () => {
    const mine = { ...base, agent_name: 'Nova', greeting: 'Hello!' };
    const theirs = { ...base, persona_instructions: 'Be brief.', greeting: 'Welcome!' };
    const merge = mergeConfig(base, mine, theirs);
    expect(merge.conflicts).toEqual(['greeting']);
    expect(resolveConflicts(merge, { greeting: 'theirs' })).toEqual({
      ...base,
      agent_name: 'Nova',
      persona_instructions: 'Be brief.',
      greeting: 'Welcome!',
    });
    expect(resolveConflicts(merge, { greeting: 'mine' }).greeting).toBe('Hello!');
  });

  it('keeps only the editable fields of a served config (a PUT refuses unknown keys)', () => {
    const served = { ...AGENT_CONFIG_DEFAULTS, updated_at: '2025-03-01T10:00:00.000Z', added_later: 1 };
    expect(Object.keys(editableConfig(served)).sort()).toEqual(Object.keys(base).sort());
  });

  it('refuses to resolve while a conflict has no choice', () => {
    const merge = mergeConfig(base, { ...base, greeting: 'A' }, { ...base, greeting: 'B' });
    expect(() => resolveConflicts(merge, {})).toThrow(/greeting/);
  });
});
