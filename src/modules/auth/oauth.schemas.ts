import Type from 'typebox';

export const OAuthErrorSchema = Type.Object(
  {
    error: Type.String({
      enum: [
        'invalid_request',
        'invalid_client',
        'invalid_grant',
        'unauthorized_client',
        'unsupported_grant_type',
        'invalid_scope',
        'unsupported_token_type',
        'temporarily_unavailable',
      ],
    }),
    error_description: Type.String(),
  },
  { $id: 'OAuthError', description: 'RFC 6749 §5.2 error response' },
);

const oauthError = (description: string) => ({ ...Type.Ref('OAuthError'), description });

export const OAUTH_ERROR_RESPONSES = {
  400: oauthError(
    'invalid_request, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope',
  ),
  401: oauthError('invalid_client; with WWW-Authenticate: Basic'),
  429: oauthError('temporarily_unavailable: too many token requests from this source; see Retry-After'),
  503: oauthError('temporarily_unavailable: password checks are saturated; see Retry-After'),
};

const clientFields = {
  client_id: Type.Optional(Type.String({ description: 'The client; or authenticate with HTTP Basic' })),
  client_secret: Type.Optional(
    Type.String({ description: 'Confidential clients only, when not using HTTP Basic' }),
  ),
};

export const TokenRequestSchema = Type.Object(
  {
    grant_type: Type.String({
      description: '`password` or `refresh_token`; others answer unsupported_grant_type',
      examples: ['password'],
    }),
    ...clientFields,
    username: Type.Optional(
      Type.String({ description: 'password grant: user name or e-mail', examples: ['demo-customer'] }),
    ),
    password: Type.Optional(Type.String({ description: 'password grant: the password' })),
    refresh_token: Type.Optional(Type.String({ description: 'refresh_token grant: the refresh token' })),
    scope: Type.Optional(
      Type.String({ description: 'Space-separated subset of: read book admin', examples: ['read book'] }),
    ),
  },
  { additionalProperties: true },
);

export const TokenResponseSchema = Type.Object(
  {
    access_token: Type.String({ description: 'RFC 9068 JWT, ES256' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ examples: [3600] }),
    refresh_token: Type.Optional(Type.String({ description: 'Single use: each refresh returns a new one' })),
    scope: Type.String({ examples: ['read book'] }),
  },
  { $id: 'TokenResponse', description: 'RFC 6749 §5.1 token response; sent with Cache-Control: no-store' },
);

export const TokenOperandSchema = Type.Object(
  {
    token: Type.String({ description: 'An access or refresh token' }),
    token_type_hint: Type.Optional(Type.String({ enum: ['access_token', 'refresh_token'] })),
    ...clientFields,
  },
  { additionalProperties: true },
);

export const IntrospectionSchema = Type.Object(
  {
    active: Type.Boolean(),
    token_type: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String()),
    client_id: Type.Optional(Type.String()),
    username: Type.Optional(Type.String()),
    sub: Type.Optional(Type.String()),
    role: Type.Optional(Type.String()),
    jti: Type.Optional(Type.String()),
    exp: Type.Optional(Type.Integer()),
    iat: Type.Optional(Type.Integer()),
  },
  { description: 'RFC 7662 §2.2 introspection response' },
);
