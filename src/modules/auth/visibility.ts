import type { Principal } from './access-tokens.ts';

/** Whose bookings a caller may see: their own, their agency's, or all (admins). */
export type Visibility =
  | { kind: 'user'; userId: string }
  | { kind: 'agency'; agencyId: string }
  | { kind: 'all' };

export function visibilityOf(p: Principal): Visibility {
  if (p.role === 'admin') return { kind: 'all' };
  if (p.role === 'agent' && p.agencyId) return { kind: 'agency', agencyId: p.agencyId };
  return { kind: 'user', userId: p.userId };
}
