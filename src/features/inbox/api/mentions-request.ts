import { apiRequest } from '@/lib/api-client';
import { mentionListSchema } from '@/schemas/note';

// Fetched with the first read of the mentions, not with the inbox.

/** GET /bff/mentions: the internal notes that mention the signed-in person, newest first. */
export const getMentions = (signal?: AbortSignal) =>
  apiRequest('/bff/mentions', { schema: mentionListSchema, signal });

/** PUT /bff/mentions/{note id}/read: they opened it. */
export const markMentionRead = (noteId: string) =>
  apiRequest(`/bff/mentions/${encodeURIComponent(noteId)}/read`, { method: 'PUT' });
