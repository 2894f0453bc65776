import { createHash } from 'node:crypto';

/** How a bearer secret (a refresh token, a reset link's token) is kept: its SHA-256, never itself. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
