/**
 * Table types, all in one file on purpose: Kysely reads the whole schema from the one `Database`
 * interface, and a migration author sees every table at once. The domain's own types (records,
 * statuses as the API shows them) live in the modules; this is storage. Portable column types only: text, integer (booleans are 0/1) and timestamps as
 * ISO-8601 UTC text, so both engines store and sort them the same way.
 */
import type { Generated } from 'kysely';

export interface AgenciesTable {
  id: string;
  name: string;
  created_at: string;
  /** Printed on the invoices the agency is sent (0027). */
  billing_address: string | null;
  vat_id: string | null;
  /** While set, its users and clients are refused (0029). */
  suspended_at: string | null;
  /** Whom it is reached at (0038). */
  contact_email: string | null;
  contact_phone: string | null;
}

export interface UsersTable {
  id: string;
  username: string;
  email: string | null;
  password_hash: string;
  role: 'customer' | 'agent' | 'agency_admin' | 'admin';
  agency_id: string | null;
  disabled: number;
  created_at: string;
  updated_at: string;
  /** Access tokens issued before this instant are refused (0029): its sessions were ended. */
  sessions_reset_at: string | null;
}

export interface OAuthClientsTable {
  client_id: string;
  name: string;
  secret_hash: string | null;
  grant_types: string;
  created_at: string;
  /** The account a client_credentials token acts as (0028); null for a client people sign in through. */
  service_user_id: string | null;
  /** The scopes it may be given, space-separated; null: what its account's role allows. */
  scopes: string | null;
  /** A rotated secret still honoured until `previous_secret_expires_at`. */
  previous_secret_hash: string | null;
  previous_secret_expires_at: string | null;
  revoked_at: string | null;
  /** Its public keys as a JWK Set (JSON), for `private_key_jwt` (0037); or `jwks_uri`, where to fetch them. */
  jwks: string | null;
  jwks_uri: string | null;
}

/** Client assertions' `jti`s seen, until they expire (0037): each is accepted once. */
export interface ClientAssertionsTable {
  client_id: string;
  jti: string;
  expires_at: string;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  token_hash: string;
  user_id: string;
  client_id: string;
  scope: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface RevokedAccessTokensTable {
  jti: string;
  expires_at: string;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export interface LoginFailuresTable {
  account_key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** Cabin codes as stored (the flights module owns what they mean). */
type CabinColumn = 'economy' | 'premium_economy' | 'business' | 'first';

export interface FlightSchedulesTable {
  id: string;
  carrier: string;
  flight_number: number;
  origin: string;
  destination: string;
  /** Local time at the origin, `HH:MM`. */
  departure_time: string;
  duration_minutes: number;
  /** ISO weekdays it operates, e.g. `12345` for Monday to Friday. */
  days_of_week: string;
  valid_from: string;
  valid_to: string;
  aircraft: string;
  capacity_economy: number;
  capacity_premium_economy: number;
  capacity_business: number;
  capacity_first: number;
  status: 'active' | 'withdrawn';
  created_at: string;
  updated_at: string;
}

export interface FlightCancellationsTable {
  schedule_id: string;
  departure_date: string;
  reason: string;
  created_at: string;
}

export interface FaresTable {
  id: string;
  carrier: string;
  origin: string;
  destination: string;
  cabin: CabinColumn;
  brand: string;
  currency: string;
  adult_amount: number;
  child_amount: number;
  infant_amount: number;
  tax_amount: number;
  infant_tax_amount: number;
  checked_bags: number;
  cabin_bags: number;
  changeable: number;
  change_penalty: number;
  refundable: number;
  refund_penalty: number;
  /** What choosing a seat costs (0018): minor units, null when the fare does not allow it. */
  seat_fee_standard: number | null;
  seat_fee_preferred: number | null;
  /** An extra checked bag per slice (0019): minor units, null when none is sold; at most this many. */
  extra_bag_fee: number | null;
  extra_bag_max: number;
  created_at: string;
  updated_at: string;
  /** How the fare moves with the calendar (0021): FarePricing as JSON, null when it does not. */
  pricing: string | null;
}

/** An aircraft type's seat layout (0018): its cabins as JSON. */
export interface SeatLayoutsTable {
  aircraft: string;
  cabins: string;
  updated_at: string;
}

/** An operator's new time for one dated flight (0020). */
export interface FlightRetimesTable {
  schedule_id: string;
  departure_date: string;
  departure_time: string;
  duration_minutes: number;
  reason: string;
  created_at: string;
}

/** A seat held by one passenger of a booking on one dated flight (0019). */
export interface SeatAssignmentsTable {
  schedule_id: string;
  departure_date: string;
  seat: string;
  booking_id: string;
  passenger_id: string;
  created_at: string;
}

export interface SeatInventoryTable {
  schedule_id: string;
  departure_date: string;
  cabin: CabinColumn;
  sold: number;
}

/** Inventory changes by scope and day (migration 0022, `change-log.ts`): a day's weights' sum moves with each. */
export interface InventoryChangesTable {
  scope: string;
  day: string;
  weight: number;
}

/** The keys each change to an index's data touched, by the counter's new version (migration 0023). */
export interface IndexChangesTable {
  name: string;
  version: number;
  key: string;
}

export interface ChangeCountersTable {
  name: string;
  version: number;
}

export interface ServiceSecretsTable {
  name: string;
  value: string;
}

export interface FlightBookingsTable {
  id: string;
  reference: string;
  user_id: string;
  agency_id: string | null;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired' | 'disrupted' | 'schedule_changed';
  currency: string;
  total_amount: number;
  hold_expires_at: string | null;
  first_departure_at: string;
  itinerary: string;
  passengers: string;
  contact: string;
  tickets: string | null;
  refund_amount: number | null;
  /** Passengers' names, folded, `|`-separated, for name search (0007; null only before it ran). */
  names: string | null;
  /** The Idempotency-Key that made it, unique per user (0008). */
  idempotency_key: string | null;
  /** The payment's summary as the booking shows it, JSON (0013; null: nothing to pay yet). */
  payment: string | null;
  /** When its travellers' document numbers were deleted, their retention over (0035); null: kept. */
  documents_purged_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface FlightBookingSegmentsTable {
  booking_id: string;
  position: number;
  schedule_id: string;
  departure_date: string;
  cabin: CabinColumn;
  seats: number;
}

/** The last number taken in each series of numbered documents (0026). */
export interface DocumentSequencesTable {
  series: string;
  last: number;
}

/** The register of e-tickets and EMDs (0026): JSON columns as text. */
export interface FlightTicketsTable {
  number: string;
  check_digit: number;
  kind: 'ticket' | 'emd';
  booking_id: string;
  passenger_id: string;
  carrier: string;
  status: 'open' | 'exchanged' | 'refunded' | 'forfeited';
  currency: string;
  fare_amount: number;
  tax_amount: number;
  total_amount: number;
  coupons: string;
  conjunctions: string;
  exchange: string | null;
  issued_at: string;
  updated_at: string;
}

/** Invoices and credit notes (0027): seller and buyer as JSON, frozen when issued. */
export interface InvoicesTable {
  number: string;
  /** Time-ordered: a booking's documents in the order they were issued. */
  id: string;
  kind: 'invoice' | 'credit_note';
  issued_at: string;
  issue_date: string;
  booking_id: string;
  product: string;
  payment_id: string;
  buyer_user_id: string;
  buyer_agency_id: string | null;
  currency: string;
  total_amount: number;
  tax_amount: number;
  description: string;
  seller: string;
  buyer: string;
  corrects: string | null;
}

export interface BookingEventsTable {
  id: string;
  booking_id: string;
  type: string;
  data: string;
  created_at: string;
}

/** The event log (0010): every change told, in the transaction that made it. */
export interface EventsTable {
  id: string;
  type: string;
  created_at: string;
  api_version: string;
  booking_id: string | null;
  /** Whose booking it is, for visibility: null for operator events (admins only). */
  user_id: string | null;
  agency_id: string | null;
  /** JSON: `{ object }`, the resource right after the change. */
  data: string;
}

/** Where events are sent (0011). `events` is a JSON list of types; `all_events` stands for `["*"]`. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string | null;
  events: string;
  /** Who made it; an agent's endpoint gets their agency's events, an admin's every event. */
  user_id: string;
  agency_id: string | null;
  all_events: number;
  active: number;
  secret: string;
  /** After a rotation, the old secret signs too until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** One event on its way to one endpoint (0011). */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  /** A deliverer's claim: no other takes the row before this instant. */
  locked_until: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  created_at: string;
}

/** An e-mail to a traveller that an event calls for (0012); its content is rendered from the event. */
export interface EmailMessagesTable {
  id: string;
  /** `booking`: a booking event's mail (`event_id` the event); `password_reset`: `event_id` the reset's id (0032). */
  kind: 'booking' | 'password_reset';
  event_id: string;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  operation: string;
  request_hash: string;
  status: 'in_progress' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

export interface HotelsTable {
  id: string;
  code: string;
  name: string;
  city_id: string;
  chain: string | null;
  stars: number;
  address: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  check_in_time: string;
  check_out_time: string;
  description: string;
  /** The description in other languages, by ISO 639-1 code, JSON (0042); `description` is English. */
  descriptions: string;
  amenities: string;
  images: string;
  policies: string;
  active: number;
  /** Its published reviews' average score out of 10, times ten (87: 8.7), and their count (0041). */
  review_score: Generated<number>;
  review_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A guest's review of a completed stay, one per booking, published or rejected by an admin (0041). */
export interface HotelReviewsTable {
  id: string;
  /** The stay reviewed here; null for a review imported with the hotel's content. */
  booking_id: string | null;
  source: 'stay' | 'imported';
  hotel_id: string;
  user_id: string;
  /** 1 to 10. */
  score: number;
  title: string | null;
  text: string;
  language: string;
  /** As shown: the holder's given name and initial. */
  author: string;
  /** The month of the stay, `2026-12`. */
  stayed_in: string;
  status: 'pending' | 'published' | 'rejected';
  rejection_reason: string | null;
  created_at: string;
  moderated_at: string | null;
  moderated_by: string | null;
}

export interface RoomTypesTable {
  id: string;
  hotel_id: string;
  code: string;
  name: string;
  beds: string;
  max_adults: number;
  max_children: number;
  max_occupancy: number;
  size_m2: number;
  /** Its description in each language it has, by ISO 639-1 code, JSON (0042). */
  descriptions: string;
  amenities: string;
  /** Rooms for sale each night unless a night override says otherwise. */
  rooms: number;
  price_factor: number;
}

export interface RatePlansTable {
  id: string;
  hotel_id: string;
  code: string;
  name: string;
  board: 'room_only' | 'bed_and_breakfast' | 'half_board' | 'full_board' | 'all_inclusive';
  currency: string;
  base_amount: number;
  standard_adults: number;
  extra_adult_percent: number;
  seasons: string;
  weekday_percents: string;
  child_bands: string;
  taxes: string;
  cancellation: string;
  min_stay: number;
  closed_to_arrival: string;
  /** Paid when booked, or at the hotel (0015). */
  payment_type: 'pay_now' | 'pay_at_hotel';
}

export interface RoomNightOverridesTable {
  room_type_id: string;
  night: string;
  rooms: number | null;
  closed: number;
  closed_to_arrival: number;
}

/**
 * What a channel manager set of a rate plan on one room type for one night (0043): the net price for the
 * plan's standard occupancy and by number of adults (JSON, adults to amount), and restrictions.
 */
export interface RateNightsTable {
  room_type_id: string;
  rate_plan_id: string;
  night: string;
  amount: number | null;
  by_guests: string | null;
  /** What guests beyond the base cost that night, JSON: `{ adult?, children?: [{ max_age, amount }] }`. */
  extras: string | null;
  closed: number;
  closed_to_arrival: number;
  closed_to_departure: number;
  min_stay: number | null;
  max_stay: number | null;
}

/** A hotel group's channel manager (0043): its credentials, its hotels, where reservations go. */
export interface ChannelConnectionsTable {
  id: string;
  name: string;
  /** The chain whose hotels it may update (null: only `hotel_codes`). */
  chain: string | null;
  /** Hotel codes it may update besides the chain's, JSON array. */
  hotel_codes: string;
  secret_hash: string;
  reservations_url: string | null;
  reservations_username: string | null;
  reservations_password: string | null;
  active: number;
  created_at: string;
}

/** A reservation message owed to a channel manager (0043): an outbox row. */
export interface ChannelDeliveriesTable {
  id: string;
  connection_id: string;
  booking_id: string;
  event_id: string;
  /** `Commit` (new), `Modify` or `Cancel`: the OTA ResStatus sent. */
  action: string;
  /** The `OTA_HotelResNotifRQ` sent, made when the booking changed (the booking as it was then). */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
}

/** A picture imported for a hotel or one of its room types (0044): WebP, base64. */
export interface HotelImagesTable {
  id: string;
  hotel_id: string;
  room_type_id: string | null;
  /** Where it came from: its URL, or `upload`. */
  source: string;
  width: number;
  height: number;
  data: string;
  created_at: string;
}

/** A flight and a stay sold together (0045); JSON columns as text. */
export interface TripsTable {
  id: string;
  reference: string;
  user_id: string;
  agency_id: string | null;
  status: string;
  currency: string;
  total_amount: number;
  refund_amount: number | null;
  flight_booking_id: string;
  hotel_booking_id: string;
  parts: string;
  contact: string;
  payment: string | null;
  idempotency_key: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
}

export interface RoomNightsSoldTable {
  room_type_id: string;
  night: string;
  sold: number;
}

/** Hotel booking and room statuses as stored (the hotels module owns their rules). */
type HotelBookingStatusColumn = 'held' | 'confirmed' | 'cancelled' | 'expired' | 'no_show';
type HotelRoomStatusColumn = 'held' | 'confirmed' | 'cancelled' | 'expired';

export interface HotelBookingsTable {
  id: string;
  reference: string;
  client_reference: string | null;
  user_id: string;
  agency_id: string | null;
  status: HotelBookingStatusColumn;
  hotel_id: string;
  city_id: string;
  check_in: string;
  check_out: string;
  currency: string;
  /** What the live rooms cost (cancelled rooms no longer count). */
  total_amount: number;
  /** What cancelling cost, once cancelled (rooms cancelled on their own add theirs). */
  penalty_amount: number | null;
  /** The instant free cancellation ends, for searching by deadline; null for non-refundable stays. */
  free_cancellation_until: string | null;
  holder: string;
  /** Holder's and guests' names, case- and accent-folded, `|`-separated, for name search. */
  names: string;
  special_requests: string | null;
  /** The hotel as it was when booked: name, address, zone, times (JSON). */
  hotel: string;
  /** The Idempotency-Key that made it, unique per user (0008). */
  idempotency_key: string | null;
  /** The payment's summary as the booking shows it, JSON (0013; null: nothing to pay). */
  payment: string | null;
  /** Until when a held booking's rooms are kept unpaid (0039); null once paid, and for instant bookings. */
  hold_expires_at: string | null;
  /** The card guaranteeing a stay paid at the hotel, JSON (0040); null when nothing guarantees it. */
  guarantee: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  /** The hotel's own confirmation number, as its channel manager answered a reservation (0043). */
  hotel_confirmation: string | null;
}

export interface HotelBookingRoomsTable {
  id: string;
  booking_id: string;
  position: number;
  room_type_id: string;
  rate_plan_id: string;
  status: HotelRoomStatusColumn;
  adults: number;
  child_ages: string;
  guests: string;
  special_requests: string | null;
  /** Room, rate plan, nightly prices, taxes and cancellation policy as sold (JSON). */
  price: string;
  total_amount: number;
  penalty_amount: number | null;
}

export interface AgencyAccountsTable {
  agency_id: string;
  currency: string;
  /** The sum of the entries of the agency's ledger account, kept with every entry written. */
  balance: number;
  credit_limit: number;
  created_at: string;
  updated_at: string;
}

export interface LedgerTransactionsTable {
  id: string;
  kind: string;
  description: string;
  booking_id: string | null;
  product: string | null;
  payment_id: string | null;
  /** JSON `{from, to, rate, as_of}` when the transaction converted between currencies. */
  exchange_rate: string | null;
  /** The agency the money concerns (its balance, its booking), for statements and reports. */
  agency_id: string | null;
  created_by: string | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: string;
  transaction_id: string;
  account: string;
  currency: string;
  /** Signed minor units: credit positive, debit negative; a transaction's entries sum to zero per currency. */
  amount: number;
  /** The account's balance after this entry, for accounts that keep one (agency accounts). */
  balance_after: number | null;
  created_at: string;
}

export interface PaymentsTable {
  id: string;
  booking_id: string | null;
  product: string | null;
  user_id: string;
  agency_id: string | null;
  method: 'balance' | 'card';
  status:
    | 'authorizing'
    | 'authorized'
    | 'pending'
    | 'paid'
    | 'voided'
    | 'failed'
    | 'refunded'
    | 'partially_refunded';
  amount: number;
  currency: string;
  paid_amount: number;
  refunded_amount: number;
  /** JSON `{brand, last4, exp_month, exp_year}`: never the number. */
  card: string | null;
  gateway: string | null;
  gateway_token: string | null;
  gateway_ref: string | null;
  exchange_rate: string | null;
  failure: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentOperationsTable {
  id: string;
  payment_id: string;
  kind: 'capture' | 'void' | 'refund';
  amount: number;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}

export interface CardTokensTable {
  id: string;
  user_id: string;
  gateway: string;
  gateway_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: string;
  expires_at: string;
}

export interface TestGatewayPaymentsTable {
  id: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'voided';
  captured_amount: number;
  refunded_amount: number;
  created_at: string;
}

export interface TestGatewayRefundsTable {
  idempotency_key: string;
  payment_id: string;
  amount: number;
  created_at: string;
}

export interface ExchangeRatesTable {
  as_of: string;
  currency: string;
  /** Units of `currency` one euro buys, as imported (decimal text). */
  per_euro: string;
  imported_at: string;
}

/** A pricing rule (0017): null scope fields match anything; amounts in minor units, shares in basis points. */
export interface PricingRulesTable {
  id: string;
  name: string;
  product: string | null;
  channel: string | null;
  agency_id: string | null;
  carrier: string | null;
  origin: string | null;
  destination: string | null;
  city_id: string | null;
  hotel_id: string | null;
  travel_from: string | null;
  travel_to: string | null;
  markup_bp: number;
  markup_fixed_amount: number;
  markup_fixed_currency: string | null;
  commission_bp: number;
  version: number;
  created_at: string;
  updated_at: string;
  retired_at: string | null;
}

/**
 * A password reset asked for, or an invitation to choose a first password (0032): its token made when its
 * mail is sent, used once before it expires.
 */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  purpose: 'reset' | 'invite';
  language: string;
  /** SHA-256 of the token, hex; null until the mail is sent. */
  token_hash: string | null;
  created_at: string;
  expires_at: string | null;
  used_at: string | null;
}

/** An administrative or security action (0033): written in the transaction of the change it records. */
export interface AuditEventsTable {
  /** Time-ordered. */
  id: string;
  at: string;
  /** `sign_in.failed`, `user.updated`…: the subject, a dot, what happened to it. */
  action: string;
  outcome: 'success' | 'failure';
  /** `command`: the command line (no request). */
  actor_type: 'user' | 'client' | 'anonymous' | 'command';
  actor_id: string | null;
  actor_name: string | null;
  /** The agency the action concerns, if any (whose agency admin may read it). */
  agency_id: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  request_id: string | null;
  /** JSON of what changed, before and after; null where nothing was there. */
  before: string | null;
  after: string | null;
}

/** Facts about the installation itself, by name (0030). */
export interface InstallationSettingsTable {
  name: string;
  value: string;
}

/** A traveller's profile (0035): a person's own or shared by an agency; birth date and documents sealed. */
export interface TravellerProfilesTable {
  id: string;
  /** The person whose profile it is, for a customer's; null for an agency's. */
  user_id: string | null;
  agency_id: string | null;
  title: string | null;
  given_name: string;
  family_name: string;
  gender: string | null;
  email: string | null;
  phone: string | null;
  /** `{born_on?, documents}` as JSON, sealed (shared/sealed-data.ts). */
  sealed: string;
  /** JSON array of `{airline, number}`. */
  loyalty_accounts: string;
  /** JSON `{meal?, seat?}`. */
  preferences: string;
  /** Folded names, for finding a profile by any part of its name. */
  names: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A person's second factor (0036). */
export interface SecondFactorsTable {
  user_id: string;
  /** The TOTP key in base32, sealed (shared/sealed-data.ts). */
  secret: string;
  /** Null while being set up: it counts once a first code confirms it. */
  confirmed_at: string | null;
  /** The last RFC 6238 time step accepted; a code of that step or before is refused. */
  last_step: number | null;
  /** JSON array of the SHA-256 of each unused recovery code. */
  recovery_codes: string;
  created_at: string;
}

export interface Database {
  client_assertions: ClientAssertionsTable;
  second_factors: SecondFactorsTable;
  traveller_profiles: TravellerProfilesTable;
  agencies: AgenciesTable;
  users: UsersTable;
  oauth_clients: OAuthClientsTable;
  refresh_tokens: RefreshTokensTable;
  revoked_access_tokens: RevokedAccessTokensTable;
  signing_keys: SigningKeysTable;
  login_failures: LoginFailuresTable;
  flight_schedules: FlightSchedulesTable;
  flight_cancellations: FlightCancellationsTable;
  fares: FaresTable;
  seat_inventory: SeatInventoryTable;
  inventory_changes: InventoryChangesTable;
  index_changes: IndexChangesTable;
  change_counters: ChangeCountersTable;
  service_secrets: ServiceSecretsTable;
  flight_bookings: FlightBookingsTable;
  document_sequences: DocumentSequencesTable;
  flight_tickets: FlightTicketsTable;
  invoices: InvoicesTable;
  flight_booking_segments: FlightBookingSegmentsTable;
  booking_events: BookingEventsTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  email_messages: EmailMessagesTable;
  idempotency_keys: IdempotencyKeysTable;
  hotels: HotelsTable;
  room_types: RoomTypesTable;
  rate_plans: RatePlansTable;
  room_night_overrides: RoomNightOverridesTable;
  room_nights_sold: RoomNightsSoldTable;
  rate_nights: RateNightsTable;
  hotel_images: HotelImagesTable;
  trips: TripsTable;
  channel_connections: ChannelConnectionsTable;
  channel_deliveries: ChannelDeliveriesTable;
  hotel_bookings: HotelBookingsTable;
  hotel_booking_rooms: HotelBookingRoomsTable;
  hotel_reviews: HotelReviewsTable;
  agency_accounts: AgencyAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  payments: PaymentsTable;
  payment_operations: PaymentOperationsTable;
  card_tokens: CardTokensTable;
  test_gateway_payments: TestGatewayPaymentsTable;
  test_gateway_refunds: TestGatewayRefundsTable;
  exchange_rates: ExchangeRatesTable;
  pricing_rules: PricingRulesTable;
  seat_layouts: SeatLayoutsTable;
  seat_assignments: SeatAssignmentsTable;
  flight_retimes: FlightRetimesTable;
  installation_settings: InstallationSettingsTable;
  password_resets: PasswordResetsTable;
  audit_events: AuditEventsTable;
}
