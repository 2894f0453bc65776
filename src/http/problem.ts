import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  request_id: string;
  instance?: string;
  [extra: string]: unknown;
}

/** `urn:itinera:problem:validation-failed`; RFC 9457 §3.1.1 lets a type URI be a non-resolvable URN. */
export function problemType(code: ErrorCode): string {
  return `urn:itinera:problem:${code.toLowerCase().replaceAll('_', '-')}`;
}

export function toProblem(
  code: ErrorCode,
  detail: string,
  requestId: string,
  extras: Readonly<Record<string, unknown>> = {},
): ProblemDetails {
  const { status, title } = ERROR_CODES[code];
  // Extras never overwrite the standard members.
  return { ...extras, type: problemType(code), title, status, detail, code, request_id: requestId };
}
