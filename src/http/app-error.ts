import type { ErrorCode } from './error-codes.ts';

export interface FieldError {
  /** Where the value is: `body`, `querystring`, `params` or `headers`. */
  location: string;
  /** RFC 6901 JSON pointer into that location. */
  pointer: string;
  detail: string;
}

/** A failure with a stable code; the edge turns it into RFC 9457 problem details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extras: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    detail: string,
    extras: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.code = code;
    this.extras = extras;
    this.headers = headers;
  }
}

/** A 400 VALIDATION_FAILED naming one bad field, for rules a schema cannot express. */
export function invalidField(pointer: string, detail: string, location = 'body'): AppError {
  return new AppError('VALIDATION_FAILED', `${pointer} ${detail}`, {
    errors: [{ location, pointer, detail }],
  });
}

/** A 400 VALIDATION_FAILED listing many bad fields (at most 100), the first in the detail. */
export function invalidFields(
  what: string,
  problems: ReadonlyArray<{ pointer: string; detail: string }>,
): AppError {
  const first = problems[0]!;
  return new AppError(
    'VALIDATION_FAILED',
    `${what} has ${problems.length} problem(s); the first: ${first.pointer} ${first.detail}`,
    {
      errors: problems.slice(0, 100).map((p) => ({ location: 'body', pointer: p.pointer, detail: p.detail })),
    },
  );
}

/** A 400 VALIDATION_FAILED listing a text file's problems by line (at most 100), the first in the detail. */
export function invalidLines(
  what: string,
  problems: ReadonlyArray<{ line: number; detail: string }>,
): AppError {
  const first = problems[0]!;
  return new AppError(
    'VALIDATION_FAILED',
    `${what} has ${problems.length} problem(s); the first: line ${first.line}: ${first.detail}`,
    {
      errors: problems
        .slice(0, 100)
        .map((p) => ({ location: 'body', pointer: '', line: p.line, detail: p.detail })),
    },
  );
}
