/** RFC 6749 §5.2 error codes, plus `temporarily_unavailable` (§4.1.2.1) for overload and bursts. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'unsupported_token_type'
  | 'temporarily_unavailable';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  unsupported_token_type: 400,
  temporarily_unavailable: 503,
};

/** An error of the OAuth endpoints; it leaves as `{error, error_description}`, never as problem details. */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    error: OAuthErrorCode,
    description: string,
    options: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(description);
    this.error = error;
    this.status = options.status ?? STATUS[error];
    this.headers = options.headers ?? {};
    if (error === 'invalid_client')
      this.headers['www-authenticate'] ??= 'Basic realm="itinera", charset="UTF-8"';
  }

  body() {
    return { error: this.error, error_description: this.message };
  }
}

/** What every refused sign-in says, so no answer tells which part was wrong or whether the account exists. */
export const BAD_CREDENTIALS = 'The username or password is incorrect, or the account cannot sign in';
