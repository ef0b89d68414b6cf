import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { describeRemovalFailure, refusedGate } from './describe-removal-failure';

const apiError = (status: number, code: string, message = 'x', resource?: string) =>
  new ApiError({ status, code, message, resource, isEnvelope: true });

describe('describeRemovalFailure', () => {
  it('names the delete gate when the key has only the write grant', () => {
    const failure = describeRemovalFailure(
      apiError(403, 'insufficient_scope', 'This key lacks the scope write_notifications:delete.'),
      'ntpl_1',
    );
    expect(failure.title).toBe('The store’s API key lacks write_notifications:delete');
    expect(failure.description).toContain('separate delete grant');
    expect(failure.canRetry).toBe(false);
  });

  it('names the write gate when the key has neither grant', () => {
    const failure = describeRemovalFailure(
      apiError(403, 'insufficient_scope', 'This key lacks the scope write_notifications.'),
      'ntpl_1',
    );
    expect(failure.title).toBe('The store’s API key lacks write_notifications');
    expect(failure.description).toContain('add both');
  });

  it('falls back to the server’s message for a scope it does not recognise', () => {
    const failure = describeRemovalFailure(
      apiError(403, 'insufficient_scope', 'Missing scope admin.'),
      'ntpl_1',
    );
    expect(failure.description).toContain('Missing scope admin.');
  });

  it('says not found for a 404, whatever its code spelling', () => {
    for (const code of ['not_found', 'notification_template_not_found']) {
      const failure = describeRemovalFailure(apiError(404, code, 'x', 'notification_template'), 'ntpl_9');
      expect(failure.title).toBe('No notification template with that id in this store');
      expect(failure.description).toContain('“ntpl_9” may have been removed already');
      expect(failure.canRetry).toBe(false);
    }
  });

  it('offers to retry only what may not have reached the store', () => {
    expect(describeRemovalFailure(apiError(503, 'service_unavailable'), 'n').canRetry).toBe(true);
    expect(describeRemovalFailure(apiError(0, 'network_error'), 'n').canRetry).toBe(true);
    expect(describeRemovalFailure(apiError(400, 'invalid_text'), 'n').canRetry).toBe(false);
  });
});

describe('refusedGate', () => {
  it('tells the gates apart even though one name contains the other', () => {
    expect(refusedGate('lacks write_notifications:delete')).toBe('write_notifications:delete');
    expect(refusedGate('lacks write_notifications.')).toBe('write_notifications');
    expect(refusedGate('lacks read_orders')).toBeNull();
  });
});
