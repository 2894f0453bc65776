import { dataKeys, int, oneOf, optionalText, someOf, text } from './setting-types.ts';

export const ACCOUNTS = {
  title: 'Accounts and tokens',
  about: 'Sign-in, tokens, lockout and second factors.',
  settings: {
    ACCESS_TOKEN_TTL_SECONDS: int(60, 86_400, {
      default: 3600,
      description: 'Access token lifetime (60\u201386400).',
    }),
    REFRESH_TOKEN_TTL_SECONDS: int(300, 365 * 86_400, {
      default: 30 * 86_400,
      description: 'Refresh token lifetime (30 days).',
    }),
    TOKEN_AUDIENCE: text({ default: 'itinera-api', description: 'The `aud` of access tokens.' }),
    LOCKOUT_THRESHOLD: int(1, 1000, {
      default: 5,
      description: 'Failed sign-ins inside the window that lock an account.',
    }),
    LOCKOUT_WINDOW_SECONDS: int(1, 86_400, {
      default: 900,
      description: 'The window in which failures count.',
    }),
    LOCKOUT_SECONDS: int(1, 86_400, { default: 900, description: 'How long a locked account stays locked.' }),
    TOKEN_RATE_LIMIT_PER_MINUTE: int(1, 100_000, {
      default: 30,
      description: 'Token requests per minute from one address; beyond it 429.',
    }),
    PASSWORD_HASH_CONCURRENCY: int(1, 64, {
      default: 2,
      description: 'Password checks run at once (argon2id uses 19 MiB and a core each).',
    }),
    PASSWORD_HASH_QUEUE_LIMIT: int(0, 10_000, {
      default: 64,
      description: 'Checks allowed to wait; beyond it 503 `temporarily_unavailable`.',
    }),
    IDEMPOTENCY_STALE_CLAIM_SECONDS: int(1, 3600, {
      default: 60,
      description:
        "How long a booking's `Idempotency-Key` may stay claimed by a request that never finished (its process died) before a retry with the key takes it over; far longer than any booking takes.",
    }),
    MFA_REQUIRED_ROLES: someOf(['customer', 'agent', 'agency_admin', 'admin'], {
      description:
        'Roles whose people must sign in to the website with a second factor (TOTP), comma-separated: `admin,agency_admin` is a good start. They set it up as they next sign in, cannot turn it off, and get no token from the password grant: their programs use machine clients.',
    }),
  },
};

export const RATE_LIMITS = {
  title: 'Rate limits',
  about: 'Requests per window, per account or address.',
  settings: {
    RATE_LIMIT_MAX: int(1, 1_000_000, {
      default: 600,
      description: 'Requests per window for one signed-in caller (client and user).',
    }),
    RATE_LIMIT_ANONYMOUS_MAX: int(1, 1_000_000, {
      default: 300,
      description:
        'Requests per window from one address without a valid token: no token, a bad or revoked one, `/openapi.json`, `/connect/*`.',
    }),
    RATE_LIMIT_WINDOW_SECONDS: int(1, 3600, { default: 60, description: 'The rate-limit window.' }),
  },
};

export const PRIVACY = {
  title: 'Personal data',
  about: 'How personal data is sealed and how long it is kept.',
  settings: {
    DATA_KEYS: dataKeys({
      description:
        "Keys sealing travellers' dates of birth and travel documents at rest (AES-256-GCM): `id:key` pairs, comma-separated, each key 32 random bytes in base64 (`openssl rand -base64 32`); the first seals, every one opens. Unset: a key made on the first start and kept in the database (`db`), so a copy of the database alone reads them; set it in production and keep it apart from backups. Rotation: docs/security.md.",
    }),
    DOCUMENT_RETENTION_DAYS: int(0, 36_500, {
      default: 90,
      description:
        "Days after a booking's last flight that its travellers' document numbers are deleted by the purge (the booking keeps the rest); `0` keeps them.",
    }),
    AUDIT_RETENTION_DAYS: int(0, 36_500, {
      default: 400,
      description:
        'Audit log entries (`GET /audit_events`) older than this are deleted by that purge; `0` keeps them for ever. The default keeps more than the year PCI DSS asks for.',
    }),
  },
};

export const DEMO = {
  title: 'Demo',
  about: 'The demo accounts and inventory a first start makes.',
  settings: {
    DEMO_ACCOUNTS: oneOf(['auto', 'always', 'never'], {
      default: 'auto',
      description:
        '`auto`: demo client and accounts on the first start of the embedded engine, unless `NODE_ENV=production`; `always` (and a production server starts even while demo accounts can sign in); `never`. After `itinera demo remove` none is made again, whatever this says.',
    }),
    NODE_ENV: optionalText({
      description:
        '`production`: no demo accounts are made, and a server refuses to start while demo accounts can sign in (disable them with `itinera users disable`, or set `DEMO_ACCOUNTS=always`).',
    }),
    DEMO_PRESET: oneOf(['S', 'M', 'L'], {
      default: 'M',
      description: 'Size of the demo flight network and hotels made on the first start: `S`, `M` or `L`.',
    }),
  },
};
