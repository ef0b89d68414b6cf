import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_CONFIG_DEFAULTS } from '@/schemas/agent-config';
import {
  clearConfigDraft,
  draftStorageKey,
  loadConfigDraft,
  saveConfigDraft,
  type ConfigDraft,
} from './config-draft';
import { editableConfig } from './merge-config';

const base = editableConfig(AGENT_CONFIG_DEFAULTS);
const draft: ConfigDraft = {
  base,
  baseUpdatedAt: '2025-03-01T10:00:00.000Z',
  // Over the limit on purpose: a draft keeps what was typed.
  values: { ...base, greeting: 'x'.repeat(300), suggested_prompts: ['Gift ideas', ''] },
  savedAt: '2025-03-01T10:05:00.000Z',
  pendingKey: 'a2c4e6f8-0000-4000-8000-000000000000',
};

afterEach(() => localStorage.clear());

describe('config drafts', () => {
  it('keeps a draft per store user, with the version it started from', () => {
    saveConfigDraft('usr_owner', draft);
    expect(loadConfigDraft('usr_owner')).toEqual(draft);
    expect(loadConfigDraft('usr_other_owner')).toBeNull();
  });

  it('clears a draft', () => {
    saveConfigDraft('usr_owner', draft);
    clearConfigDraft('usr_owner');
    expect(loadConfigDraft('usr_owner')).toBeNull();
  });

  it('drops a draft it cannot read instead of failing', () => {
    localStorage.setItem(draftStorageKey('usr_owner'), '{"version":1,"values":');
    expect(loadConfigDraft('usr_owner')).toBeNull();
    expect(localStorage.getItem(draftStorageKey('usr_owner'))).toBeNull();

    localStorage.setItem(draftStorageKey('usr_owner'), JSON.stringify({ version: 2 }));
    expect(loadConfigDraft('usr_owner')).toBeNull();
  });

  it('keeps only the editable fields of a stored draft', () => {
    saveConfigDraft('usr_owner', draft);
    const raw = JSON.parse(localStorage.getItem(draftStorageKey('usr_owner'))!) as {
      values: Record<string, unknown>;
    };
    raw.values.some_future_field = true;
    localStorage.setItem(draftStorageKey('usr_owner'), JSON.stringify(raw));
    expect(loadConfigDraft('usr_owner')?.values).toEqual(draft.values);
  });
});
