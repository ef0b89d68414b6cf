import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { SessionUser } from '@/schemas/bff';
import type { ConfigVersion } from '@/schemas/config-versions';
import type { HistoryEntry } from '@/schemas/history';
import type { KnowledgeText } from '@/schemas/knowledge-text';
import { refusal } from './bff-note-handlers';

/**
 * The stand-in BFF's records of the past: a conversation's history, the kept versions of the assistant's
 * settings and knowledge texts, the remembered integrations and how long the dashboard keeps data.
 */
export function recordHandlers({
  history,
  configVersions,
  knowledgeTexts,
  dataSettings,
  signedIn,
  csrfChecked,
}: {
  history: Map<string, HistoryEntry[]>;
  configVersions: ConfigVersion[];
  knowledgeTexts: Map<string, KnowledgeText>;
  dataSettings: { retention_days: number };
  signedIn: () => SessionUser | null;
  csrfChecked: (resolver: HttpResponseResolver) => HttpResponseResolver;
}) {
  return [
    http.get(
      '/bff/conversations/:id/history',
      csrfChecked(({ params }) =>
        signedIn()
          ? HttpResponse.json({ data: history.get(String(params.id)) ?? [] })
          : refusal(401, 'session_required', 'Sign in to continue.'),
      ),
    ),
    http.get(
      '/bff/config-versions',
      csrfChecked(() =>
        signedIn()
          ? HttpResponse.json({ data: configVersions, page: { has_more: false } })
          : refusal(401, 'session_required', 'Sign in to continue.'),
      ),
    ),
    http.get(
      '/bff/knowledge-texts/:id',
      csrfChecked(({ params }) => {
        const current = signedIn();
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        const text = knowledgeTexts.get(String(params.id));
        return text
          ? HttpResponse.json({ data: text })
          : refusal(404, 'knowledge_text_not_kept', 'The dashboard has no copy of this text.');
      }),
    ),
    http.get(
      '/bff/integrations',
      csrfChecked(() =>
        signedIn()
          ? HttpResponse.json({ data: { entries: [], removed: [] } })
          : refusal(401, 'session_required', 'Sign in to continue.'),
      ),
    ),
    http.get(
      '/bff/data-settings',
      csrfChecked(() =>
        signedIn()
          ? HttpResponse.json({ data: dataSettings })
          : refusal(401, 'session_required', 'Sign in to continue.'),
      ),
    ),
    http.put(
      '/bff/data-settings',
      csrfChecked(async ({ request }) => {
        const current = signedIn();
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        if (current.role !== 'owner') return refusal(403, 'role_forbidden', 'Only an owner can change this.');
        const body = (await request.json().catch(() => null)) as { retention_days?: unknown } | null;
        if (typeof body?.retention_days !== 'number')
          return refusal(400, 'invalid_body', 'Send retention_days.');
        dataSettings.retention_days = body.retention_days;
        return HttpResponse.json({ data: dataSettings });
      }),
    ),
  ];
}
