import { apiRequest } from '@/lib/api-client';
import { mentionListSchema } from '@/schemas/note';

// Loaded with the Mentions button, after the inbox: not one of the files of vite.config.ts's inbox-data
// group, which the inbox loads up front.

/** The query key of the mentions list. */
export const MENTIONS_KEY = ['mentions'] as const;

/** GET /bff/mentions: the internal notes that mention the signed-in person, newest first. */
export const getMentions = (signal?: AbortSignal) =>
  apiRequest('/bff/mentions', { schema: mentionListSchema, signal });

/** PUT /bff/mentions/{note id}/read: they opened it. */
export const markMentionRead = (noteId: string) =>
  apiRequest(`/bff/mentions/${encodeURIComponent(noteId)}/read`, { method: 'PUT' });
