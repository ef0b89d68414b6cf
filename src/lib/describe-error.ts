import type { Role } from '@/schemas/bff';
import { isApiError, type ApiError } from './api-error';
import { formatDuration } from './format';

/** What happened and what to do, for people. */
export type ErrorDescription = { title: string; description: string };

export type DescribeContext = {
  /** The signed-in user's role, named in a `role_forbidden` description. */
  role?: Role | undefined;
};

function humanize(token: string): string {
  return token.replace(/[_-]+/g, ' ').trim();
}

function describeByStatus(error: ApiError): ErrorDescription {
  if (error.status >= 500) {
    return {
      title: 'The server had a problem',
      description: `${error.isEnvelope ? `${error.message} ` : ''}Try again in a moment. Anything you saved is applied at most once.`,
    };
  }
  switch (error.status) {
    case 400:
      return { title: 'The request was refused', description: error.message };
    case 402:
      return {
        title: 'A plan limit was reached',
        description: `${error.message} Check the store's plan, then try again.`,
      };
    case 403:
      return { title: 'You do not have access', description: error.message };
    case 404:
      return {
        title: `This ${error.resource ? humanize(error.resource) : 'item'} was not found`,
        description: 'It may have been removed. Go back to the list and pick it again.',
      };
    case 409:
      return {
        title: 'This conflicts with the current state',
        description: `${error.message} Reload and try again.`,
      };
    default:
      return {
        title: 'Something went wrong',
        description: error.isEnvelope
          ? error.message
          : `The server answered HTTP ${error.status}. Try again.`,
      };
  }
}

/**
 * Describes any error for people. Branches on `code` (never on message) with a default arm that falls
 * back to the status, because the set of codes is open.
 */
export function describeApiError(error: unknown, context: DescribeContext = {}): ErrorDescription {
  if (!isApiError(error)) {
    return {
      title: 'Something went wrong',
      description: 'An unexpected error occurred in the dashboard. Reload the page and try again.',
    };
  }
  switch (error.code) {
    case 'network_error':
      return {
        title: 'The server could not be reached',
        description: 'Check your internet connection, then try again. Nothing you typed was lost.',
      };
    case 'proxy_error':
      return error.status >= 500 || error.status === 0
        ? {
            title: 'The server is not available right now',
            description: `A server between you and the dashboard answered HTTP ${error.status}. Try again in a moment.`,
          }
        : {
            title: 'The request was refused',
            description: `A server between you and the dashboard answered HTTP ${error.status}. Reload the page and try again.`,
          };
    case 'invalid_response':
      return {
        title: 'The answer could not be read',
        description:
          'The server answered in an unexpected format. Reload the page; if it keeps happening, contact support.',
      };
    case 'session_required':
      return {
        title: 'Your session ended',
        description: 'Sign in again to continue. Nothing on this page has been lost.',
      };
    case 'session_store_unavailable':
      return {
        title: 'Sign-in is briefly unavailable',
        description:
          'The dashboard server cannot reach its session store right now. You are still signed in; try again in a moment.',
      };
    case 'invalid_credentials':
      return {
        title: 'Sign-in failed',
        description: 'That email and password do not match an account. Check them and try again.',
      };
    case 'csrf_failed':
      return {
        title: 'The request was blocked by a security check',
        description: 'Reload the page and try again.',
      };
    case 'role_forbidden': {
      const role = context.role ?? 'current';
      return {
        title: 'Your role cannot do this',
        description:
          role === 'staff'
            ? 'You are signed in as staff: staff can view everything but only change conversations and replies. Ask a store owner to make this change.'
            : `Your ${role} role does not allow this change. Ask a store owner to make it.`,
      };
    }
    case 'insufficient_scope':
      return {
        title: "The store's API key lacks a permission",
        // The server's message names the missing scope.
        description: `${error.message} Ask the store owner to grant that scope to the dashboard's API key.`,
      };
    case 'upstream_unauthorized':
      return {
        title: "The store refused the dashboard's API key",
        description:
          'This is a setup problem, not something you did: the key may have expired or been rolled. Ask the person who runs the dashboard to update it.',
      };
    case 'upstream_unreachable':
      return {
        title: 'The store could not be reached',
        description: 'The dashboard could not connect to the store. Try again in a moment.',
      };
    case 'upstream_timeout':
      return {
        title: 'The store took too long to answer',
        description: 'Try again. A change you made is applied at most once, even if you retry it.',
      };
    case 'rate_limited':
      return {
        title: 'Too many requests',
        description:
          error.retryAfterSeconds === undefined
            ? 'Wait a moment, then try again.'
            : `Wait ${formatDuration(error.retryAfterSeconds)}, then try again.`,
      };
    case 'agent_disabled':
      return {
        title: "The store's AI assistant is switched off",
        description:
          "This needs the store's AI features. Turn them on in the store's settings, then try again: what you entered is kept.",
      };
    case 'config_modified':
      return {
        title: 'Someone else changed this configuration',
        description: 'Your edits are kept. Review the latest version, then save again.',
      };
    case 'idempotency_key_reused':
      return {
        title: 'This action clashed with an earlier one',
        description: 'Reload the page and do it again.',
      };
    case 'idempotency_key_in_progress':
      return {
        title: 'This action is still being processed',
        description: 'Wait a moment, then check whether it went through before trying again.',
      };
    case 'not_configured':
      return {
        title: `${error.resource ? humanize(error.resource) : 'Something'} is not set up yet`,
        description: `${error.message} Set it up first, then try again.`,
      };
    case 'invalid_body':
      return {
        title: error.field ? `The value of “${error.field}” was refused` : 'The form was refused',
        description: error.message,
      };
    case 'invalid_assignee':
      return {
        title: 'That person cannot be assigned',
        description: 'They are not on the store roster. Pick someone else.',
      };
    case 'unprocessable_reference':
      return {
        title: `The ${error.resource ? humanize(error.resource) : 'item'} you referred to does not exist`,
        description: 'It may have been removed. Reload and try again.',
      };
    case 'payload_too_large':
      return {
        title: 'That is too large to send',
        description: `${error.message} Shorten it, then try again.`,
      };
    default:
      return describeByStatus(error);
  }
}
