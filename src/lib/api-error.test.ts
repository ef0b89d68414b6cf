import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromResponse, hasErrorCode, networkError, parseRetryAfter } from './api-error';

function answer(status: number, headers: Record<string, string> = {}, statusText = '') {
  return { status, statusText, headers: new Headers(headers) };
}

describe('apiErrorFromResponse', () => {
  it('reads every member of the error envelope', () => {
    const body = JSON.stringify({
      error: {
        code: 'invalid_body',
        message: 'greeting is too long',
        field: 'greeting',
        reason: 'out_of_range',
        resource: 'agent_config',
        extra: 'kept out',
      },
    });
    const error = apiErrorFromResponse(answer(400), body, { method: 'PUT', path: '/api/v1/agent-config' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_body',
      message: 'greeting is too long',
      field: 'greeting',
      reason: 'out_of_range',
      resource: 'agent_config',
      isEnvelope: true,
      method: 'PUT',
      path: '/api/v1/agent-config',
      retryAfterSeconds: undefined,
    });
  });

  it('keeps Retry-After seconds of a 429', () => {
    const body = JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down' } });
    const error = apiErrorFromResponse(answer(429, { 'Retry-After': '7' }), body);
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(7);
  });

  it.each([
    ['an HTML page from a proxy', '<html><body>502 Bad Gateway</body></html>'],
    ['an empty body', ''],
    ['JSON that is not the envelope', JSON.stringify({ message: 'Bad gateway' })],
    ['an envelope without a message', JSON.stringify({ error: { code: 'x' } })],
  ])('treats %s as a proxy error where only the status counts', (_label, body) => {
    const error = apiErrorFromResponse(answer(502, {}, 'Bad Gateway'), body);
    expect(error.isEnvelope).toBe(false);
    expect(error.code).toBe('proxy_error');
    expect(error.status).toBe(502);
    expect(error.message).toContain('502');
  });

  it('describes a failed connection as a network error with status 0', () => {
    const error = networkError(new TypeError('Failed to fetch'), { method: 'GET', path: '/bff/session' });
    expect(error).toMatchObject({ status: 0, code: 'network_error', isEnvelope: false });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('matches codes and statuses with hasErrorCode', () => {
    const error = apiErrorFromResponse(
      answer(401),
      JSON.stringify({ error: { code: 'session_required', message: 'Sign in' } }),
    );
    expect(hasErrorCode(error, 'session_required')).toBe(true);
    expect(hasErrorCode(error, 'session_required', 403)).toBe(false);
    expect(hasErrorCode(new Error('x'), 'session_required')).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads whole seconds and never returns 0', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter('0')).toBe(1);
  });
  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:30 GMT', now)).toBe(30);
  });
  it('ignores a missing or unreadable value', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
