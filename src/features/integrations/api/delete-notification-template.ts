import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PendingWrite } from '@/lib/idempotency';

/**
 * DELETE /api/v1/notification-templates/{id}: 204 when removed, 404 once it is gone. The key is minted
 * when the owner confirms, so retries of that one removal are the same request; a later removal of the
 * same id is a new action with a new key (and then answers 404).
 */
export const deleteNotificationTemplate = ({
  idempotencyKey,
  payload,
}: PendingWrite<{ templateId: string }>) =>
  apiRequest(`/api/v1/notification-templates/${encodeURIComponent(payload.templateId)}`, {
    method: 'DELETE',
    idempotencyKey,
  });

export function useDeleteNotificationTemplate() {
  return useMutation({ mutationFn: deleteNotificationTemplate });
}
