import {
  accountingCodes,
  bool,
  int,
  ints,
  oneOf,
  optionalText,
  text,
  timeZone,
  url,
} from './setting-types.ts';

export const DELIVERIES = {
  title: 'Webhooks, mail and payments',
  about: "The outbox's deliveries: how often, how long, how retried.",
  settings: {
    WEBHOOK_POLL_MS: int(0, 3_600_000, {
      default: 1000,
      description: 'How often each process sends due webhook deliveries (0: never).',
    }),
    WEBHOOK_TIMEOUT_MS: int(100, 60_000, {
      default: 5000,
      description: 'How long a receiver has to answer an attempt.',
    }),
    WEBHOOK_RETRY_SCHEDULE: ints(0, 7 * 86_400, {
      default: [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 72_000],
      description:
        'Seconds between attempts (about 72 hours in all); after the last the delivery has failed.',
    }),
    WEBHOOK_LEASE_MS: int(1000, 3_600_000, {
      default: 60_000,
      description:
        "How long a deliverer's claim on a batch lasts (at least twice the timeout); a batch whose deliverer died is sent again after it.",
    }),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool({
      default: false,
      description:
        "Deliver webhooks to, and fetch machine clients' key sets (`jwks_uri`) from, loopback, private and link-local addresses, and over http: for local development only.",
    }),
    SMTP_URL: url(['smtp:', 'smtps:'], {
      description:
        '`smtp://user:pass@host:587` or `smtps://\u2026`: where traveller e-mails go. Unset: written to `DATA_DIR/outbox/` as `.eml` files.',
    }),
    MAIL_FROM: text({
      default: 'Itinera <no-reply@itinera.invalid>',
      description: 'The sender of traveller e-mails.',
    }),
    MAIL_POLL_MS: int(0, 3_600_000, {
      default: 1000,
      description: 'How often each process sends due e-mails (0: never).',
    }),
    MAIL_RETRY_SCHEDULE: ints(0, 7 * 86_400, {
      default: [60, 300, 1800, 7200, 21_600],
      description: 'Seconds between attempts to send an e-mail; after the last it has failed.',
    }),
    PAYMENT_GATEWAY: oneOf(['test'], {
      default: 'test',
      description:
        'The card gateway. `test` is built in: documented test cards, its own books in `test_gateway_*` tables (docs/payments.md).',
    }),
    PAYMENTS_POLL_MS: int(0, 3_600_000, {
      default: 500,
      description:
        'How often each process does due card operations: captures, voids and refunds queued by bookings (0: never).',
    }),
    PAYMENT_LEASE_MS: int(1000, 3_600_000, {
      default: 60_000,
      description:
        "How long a process's claim on a batch of card operations lasts; the batch of a process that died is done by another after it.",
    }),
    PAYMENT_ORPHAN_AFTER_MS: int(1000, 86_400_000, {
      default: 120_000,
      description:
        'How old a card authorization that never became part of a booking must be before it is voided.',
    }),
  },
};

export const SELLER = {
  title: 'The seller',
  about: 'Who sells, as documents name them.',
  settings: {
    SELLER_NAME: text({
      default: 'Itinera demo travel',
      description: 'The seller invoices and credit notes name (docs/invoices.md).',
    }),
    SELLER_ADDRESS: text({
      default: '1 Example Street, London, GB',
      description: "The seller's address on invoices.",
    }),
    SELLER_VAT_ID: optionalText({ description: "The seller's VAT id on invoices." }),
    SELLER_TIME_ZONE: timeZone({
      default: 'UTC',
      description: "The zone of invoices' dates; each year's numbers start on its 1 January.",
    }),
    ACCOUNTING_CODES: accountingCodes({
      description:
        "`XY:123,ZZ:456`: the three-digit accounting codes of carriers Itinera's IATA list lacks (an operator's own airline), or overriding it. A carrier with none sells without tickets: the booking reference confirms it (docs/tickets.md).",
    }),
  },
};

export const JOBS = {
  title: 'Background jobs',
  about: 'Intervals of the background jobs, in milliseconds; 0 turns a job off.',
  settings: {
    PRICING_POLL_MS: int(0, 3_600_000, {
      default: 5000,
      description:
        'How often each process checks for pricing rules changed through other processes (0: never).',
    }),
    RATES_POLL_MS: int(0, 3_600_000, {
      default: 5000,
      description:
        'How often each process checks for exchange rates imported through other processes, or come into force with a new day (0: never).',
    }),
    NETWORK_POLL_MS: int(0, 60_000, {
      default: 1000,
      description:
        'How often each process checks for schedule and fare changes made through other processes (0: never).',
    }),
    HOTEL_INDEX_POLL_MS: int(0, 60_000, {
      default: 1000,
      description:
        'How often each process checks for hotel content and rate changes made through other processes (0: never).',
    }),
    HOLD_SWEEP_MS: int(0, 3_600_000, {
      default: 30_000,
      description:
        'How often each process expires flight and hotel holds past their deadline and folds the inventory change log that searches check (0: never).',
    }),
    PURGE_INTERVAL_MS: int(0, 86_400_000, {
      default: 3_600_000,
      description:
        'How often expired refresh tokens, deny-list entries and day-old idempotency keys are deleted (0: never).',
    }),
  },
};
