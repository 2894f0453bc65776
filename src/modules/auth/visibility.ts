import type { Principal } from './access-tokens.ts';
import { belongsToAgency } from './scopes.ts';

/** Whose bookings a caller may see: their own, their agency's, or all (admins). */
export type Visibility =
  | { kind: 'user'; userId: string }
  | { kind: 'agency'; agencyId: string }
  | { kind: 'all' };

export function visibilityOf(p: Principal): Visibility {
  if (p.role === 'admin') return { kind: 'all' };
  if (belongsToAgency(p.role) && p.agencyId) return { kind: 'agency', agencyId: p.agencyId };
  return { kind: 'user', userId: p.userId };
}
