import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from './access-tokens.ts';
import { principalOf } from './bearer-guard.ts';
import { AGENCY_ROLES, ROLES, type Role } from './scopes.ts';

/**
 * What an administrator may administer: an admin every account, agency and client; an agency admin those
 * of its own agency only. Another agency's is answered as missing (404), so an agency admin learns
 * nothing of the others.
 */
export type Reach = { kind: 'all' } | { kind: 'agency'; agencyId: string };

export function reachOf(p: Principal): Reach {
  if (p.role === 'admin') return { kind: 'all' };
  if (p.role === 'agency_admin' && p.agencyId) return { kind: 'agency', agencyId: p.agencyId };
  throw new AppError('FORBIDDEN', 'This operation is for admins and agency admins');
}

/** Whether something of `agencyId` (null: of no agency) is within reach. */
export const withinReach = (reach: Reach, agencyId: string | null): boolean =>
  reach.kind === 'all' || agencyId === reach.agencyId;

/** Answers 404 for what is out of reach, as for what does not exist. */
export function mustReach(reach: Reach, agencyId: string | null, what: string): void {
  if (!withinReach(reach, agencyId)) throw new AppError('NOT_FOUND', `No such ${what}`);
}

/** The roles an administrator may give: an agency admin only its agency's (agent, agency admin). */
export const grantableRoles = (reach: Reach): readonly Role[] =>
  reach.kind === 'all' ? ROLES : AGENCY_ROLES;

/** Refuses a role beyond the administrator's reach (403). */
export function mustGrant(reach: Reach, role: Role): void {
  if (!grantableRoles(reach).includes(role))
    throw new AppError('FORBIDDEN', `An agency admin gives only the roles ${AGENCY_ROLES.join(' and ')}`);
}

/** The agency a listing is narrowed to: the one asked for, and for an agency admin always its own. */
export function agencyFilter(reach: Reach, asked: string | undefined): string | undefined {
  if (reach.kind === 'all') return asked;
  if (asked !== undefined) mustReach(reach, asked, 'agency');
  return reach.agencyId;
}

/** For another module's administration route: the agency its caller's listing is narrowed to, if any. */
export const administeredAgency = (request: FastifyRequest, asked?: string): string | undefined =>
  agencyFilter(reachOf(principalOf(request)), asked);
