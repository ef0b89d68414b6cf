import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { describeApiError } from './describe-error';

function apiError(
  status: number,
  code: string,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) {
  return new ApiError({ status, code, message: `${code} message`, isEnvelope: true, ...extra });
}

describe('describeApiError', () => {
  it('shows the server message that names the missing scope', () => {
    const error = apiError(403, 'insufficient_scope', {
      message: 'This API key lacks the scope write_notifications:delete.',
    });
    const { title, description } = describeApiError(error);
    expect(title).toMatch(/permission/i);
    expect(description).toContain('write_notifications:delete');
  });

  it('names the role on role_forbidden', () => {
    expect(describeApiError(apiError(403, 'role_forbidden'), { role: 'staff' }).description).toMatch(/staff/);
    expect(describeApiError(apiError(403, 'role_forbidden')).description).toMatch(/role/);
  });

  it('says what happened and what to do for a session that ended', () => {
    const { title, description } = describeApiError(apiError(401, 'session_required'));
    expect(title).toMatch(/session ended/i);
    expect(description).toMatch(/sign in/i);
  });

  it('says the session store is briefly unreachable on 503 session_store_unavailable, not that the session ended', () => {
    const { title, description } = describeApiError(apiError(503, 'session_store_unavailable'));
    expect(title).toMatch(/briefly unavailable/i);
    expect(description).toMatch(/still signed in/i);
  });

  it('explains the Retry-After wait on a 429', () => {
    expect(describeApiError(apiError(429, 'rate_limited', { retryAfterSeconds: 30 })).description).toContain(
      '30 seconds',
    );
  });

  it('tells the user the AI stack is off on 503 agent_disabled', () => {
    expect(describeApiError(apiError(503, 'agent_disabled')).title).toMatch(/AI assistant is switched off/);
  });

  it('describes an operator problem without blaming the user', () => {
    expect(describeApiError(apiError(502, 'upstream_unauthorized')).description).toMatch(
      /not something you did/,
    );
  });

  it('falls back on the status for a code it does not know', () => {
    expect(describeApiError(apiError(404, 'order_not_found', { resource: 'order' })).title).toBe(
      'This order was not found',
    );
    expect(describeApiError(apiError(402, 'plan_limit_reached')).title).toMatch(/plan limit/);
    expect(describeApiError(apiError(500, 'something_new')).title).toMatch(/server had a problem/);
  });

  it('describes a proxy error by its status only', () => {
    const error = new ApiError({ status: 502, code: 'proxy_error', message: 'x', isEnvelope: false });
    expect(describeApiError(error).description).toContain('HTTP 502');
  });

  it('describes an error that is not an ApiError', () => {
    expect(describeApiError(new TypeError('boom')).title).toBe('Something went wrong');
  });
});
