/**
 * The roles a route's guard admits, beyond what its scopes say, carried on the guard itself so the
 * OpenAPI document can state them (`x-itinera-roles`) and the contract test hold every role to them.
 */
const ROLES = Symbol('roles admitted');

type Hook = (...args: never[]) => unknown;

/** Marks `hook` as admitting only `roles`. */
export function admittingRoles<H extends Hook>(hook: H, roles: readonly string[] | undefined): H {
  if (roles) Object.defineProperty(hook, ROLES, { value: [...roles] });
  return hook;
}

/** The roles a route's onRequest hooks admit, if one of them says. */
export function rolesAdmitted(onRequest: unknown): string[] | undefined {
  const hooks = Array.isArray(onRequest) ? onRequest : [onRequest];
  for (const hook of hooks) {
    const roles = typeof hook === 'function' ? (hook as { [ROLES]?: string[] })[ROLES] : undefined;
    if (roles) return roles;
  }
  return undefined;
}
