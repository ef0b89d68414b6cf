import { errorResponse } from '../http/errors.ts';
import { TeamRefusalError, type TeamRefusal } from '../users/team-writes.ts';

const REFUSALS: Record<TeamRefusal, [number, string]> = {
  person_not_found: [404, 'There is nobody with that id on the team: they may have been removed.'],
  person_exists: [409, 'Someone with this email is on the team or invited already.'],
  store_user_taken: [409, 'Someone on the team acts as this store user already. Choose another one.'],
  last_owner: [409, 'The team needs at least one owner. Make someone else an owner first.'],
  not_invited: [409, 'This person has accepted their invitation already, or it was withdrawn.'],
  not_active: [409, 'Only someone who has joined the team can get a password reset link.'],
  link_unknown: [404, 'This link does not work. Ask an owner of the store for a new one.'],
  link_expired: [410, 'This link has expired (links last 7 days). Ask an owner of the store for a new one.'],
  link_used: [410, 'This link has been used already. Sign in, or ask an owner of the store for a new one.'],
};

/** A team refusal as its answer (the code is the reason, the message says what to do); anything else is thrown. */
export function refusalResponse(error: unknown): Response {
  if (!(error instanceof TeamRefusalError)) throw error;
  const [status, message] = REFUSALS[error.reason];
  return errorResponse(status, error.reason, message, { resource: 'person' });
}

/** The answer to one refusal, given without an error thrown (an id in a path that can name nobody). */
export const refused = (reason: TeamRefusal): Response => refusalResponse(new TeamRefusalError(reason));
