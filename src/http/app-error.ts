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
