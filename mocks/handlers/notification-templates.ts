import { refuse } from '../core/errors.ts';
import { defineRoute } from '../core/pipeline.ts';

export const notificationTemplateRoutes = [
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/notification-templates/:templateId',
    family: 'notifications',
    // Gated twice: the write grant, then the delete grant that narrows it.
    scopes: ['write_notifications', 'write_notifications:delete'],
    handle: ({ store, params }) => {
      const id = params.templateId;
      if (id === undefined || !store.notificationTemplates.delete(id))
        throw refuse.notFound('notification_template');
      return { status: 204 };
    },
  }),
];
