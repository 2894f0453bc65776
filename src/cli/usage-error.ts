/** A command given wrongly: `main.ts` prints its message and the usage, and exits with 64 (EX_USAGE). */
export class UsageError extends Error {}

/** A command that could not do what it was asked: `main.ts` prints its message and exits with 1. */
export class CommandError extends Error {}
