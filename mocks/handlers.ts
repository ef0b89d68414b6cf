import type { RequestHandler } from 'msw';
import type { AuthOptions } from './core/auth.ts';
import { routeHandler, type ApiEnv, type ApiRoute } from './core/pipeline.ts';
import { agentConfigRoutes } from './handlers/agent-config.ts';
import { controlPlaneHandlers } from './handlers/control-plane.ts';
import { conversationRoutes } from './handlers/conversations.ts';
import { catchAllHandlers, unreadablePathHandler } from './handlers/fallback.ts';
import { knowledgeSourceRoutes } from './handlers/knowledge-sources.ts';
import { messageRoutes } from './handlers/messages.ts';
import { notificationTemplateRoutes } from './handlers/notification-templates.ts';
import { webhookEndpointRoutes } from './handlers/webhook-endpoints.ts';
import { createSimulator, type Simulator } from './simulator.ts';

export interface SimulatorHandlerOptions extends AuthOptions {
  /** The state to serve; a fresh seeded simulator when omitted. */
  simulator?: Simulator;
}

/** Every route of the spec the simulator serves. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...agentConfigRoutes,
  ...conversationRoutes,
  ...messageRoutes,
  ...knowledgeSourceRoutes,
  ...webhookEndpointRoutes,
  ...notificationTemplateRoutes,
];

/**
 * msw handlers with relative paths (`/api/v1/...`, `/__sim/...`): resolve them with `baseUrl` in
 * node, or against the page origin in jsdom. Nothing outside /api/ and /__sim/ is answered.
 */
export function createSimulatorHandlers(options: SimulatorHandlerOptions = {}): RequestHandler[] {
  const env: ApiEnv = {
    sim: options.simulator ?? createSimulator(),
    routes: API_ROUTES,
    impersonateKey: options.impersonateKey,
    merchant: options.merchant,
  };
  return [
    unreadablePathHandler(env),
    ...API_ROUTES.map((route) => routeHandler(env, route)),
    ...controlPlaneHandlers(env.sim),
    ...catchAllHandlers(env),
  ];
}
