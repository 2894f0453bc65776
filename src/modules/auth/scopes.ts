export type Role = 'customer' | 'agent' | 'agency_admin' | 'admin';
export const ROLES: readonly Role[] = ['customer', 'agent', 'agency_admin', 'admin'];
/** The roles of an agency's people: each such account belongs to exactly one agency. */
export const AGENCY_ROLES: readonly Role[] = ['agent', 'agency_admin'];

export const belongsToAgency = (role: Role): boolean => AGENCY_ROLES.includes(role);

/**
 * Scopes a token may carry. `read`: catalogue and one's own bookings; `book`: place and manage
 * bookings; `manage`: administer one's agency (its users, machine clients, details, audit log);
 * `admin`: operator functions (inventory, every account). A role caps what it may ask for.
 */
export const SCOPES = ['read', 'book', 'manage', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  customer: ['read', 'book'],
  agent: ['read', 'book'],
  agency_admin: ['read', 'book', 'manage'],
  admin: ['read', 'book', 'admin'],
};

export type ScopeDecision = { ok: true; scope: string } | { ok: false; reason: string };

/** RFC 6749 §3.3: no `scope` asked means every scope the role allows; asking beyond it is invalid_scope. */
export function decideScope(role: Role, requested: string | undefined, ceiling?: string): ScopeDecision {
  const allowed = ceiling ? ceiling.split(' ').filter(Boolean) : [...ROLE_SCOPES[role]];
  if (requested === undefined || requested.trim() === '') return { ok: true, scope: allowed.join(' ') };
  const asked = [...new Set(requested.split(' ').filter(Boolean))];
  const unknown = asked.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) return { ok: false, reason: `unknown scope: ${unknown.join(' ')}` };
  const beyond = asked.filter((s) => !allowed.includes(s));
  if (beyond.length > 0) return { ok: false, reason: `scope not permitted: ${beyond.join(' ')}` };
  return { ok: true, scope: SCOPES.filter((s) => asked.includes(s)).join(' ') };
}

/** Whether `granted` holds `needed`, or one of them when several would do. */
export function hasScope(granted: string, needed: Scope | readonly Scope[]): boolean {
  const held = granted.split(' ');
  return typeof needed === 'string' ? held.includes(needed) : needed.some((s) => held.includes(s));
}
