/** A command given wrongly: `main.ts` prints its message and the usage, and exits with 64 (EX_USAGE). */
export class UsageError extends Error {}
