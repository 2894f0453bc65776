import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { documentedEventProblems } from '../../test/helpers/documented-events.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { WEBSITE_ROUTES } from './website.ts';

describe('GET /openapi.json', () => {
  let t: TestApp;
  let doc: any;
  before(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json();
  });
  after(() => t.close());

  it('is OpenAPI 3.1 that passes the Redocly recommended ruleset with no error or warning', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const report = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`,
    );
    assert.deepEqual(report, []);
  });

  it('takes no path of the website’s pages, which the server answers with the single page', () => {
    const taken = Object.keys(doc.paths).filter((path) =>
      WEBSITE_ROUTES.some((page) =>
        page.endsWith('/*') ? path.startsWith(page.slice(0, -1)) : path === page,
      ),
    );
    assert.deepEqual(taken, []);
  });

  it('describes every operation, with an operationId and its error responses', () => {
    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(
      ([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    // The whole interface, by operationId: an operation added or dropped shows here first.
    assert.deepEqual(
      operations.map((o) => o.op.operationId).sort(),
      [
        ...['autocomplete_destinations', 'book_flight', 'book_hotel', 'cancel_booking', 'cancel_flight'],
        ...['check_liveness', 'check_rate', 'check_readiness', 'confirm_booking', 'create_user'],
        ...[
          'get_airline',
          'get_airport',
          'get_booking',
          'get_city',
          'get_country',
          'get_flight',
          'get_hotel',
        ],
        ...['get_jwks', 'get_oauth_metadata', 'get_openid_configuration', 'import_flights', 'import_hotels'],
        ...['introspect_token', 'issue_token', 'list_aircraft', 'list_airlines', 'list_airports'],
        ...['list_cities', 'list_countries', 'list_events', 'list_flight_bookings', 'list_hotel_cities'],
        ...['list_hotels'],
        ...['list_routes', 'modify_hotel_booking', 'quote_cancellation', 'revoke_token', 'search_booking'],
        ...['search_flight', 'search_hotels', 'set_allotment', 'suggest_places', 'update_booking'],
        ...['withdraw_fare', 'withdraw_schedule'],
        ...['create_webhook', 'delete_webhook', 'list_webhook_deliveries', 'list_webhooks', 'ping_webhook'],
        ...['redeliver_event', 'rotate_webhook_secret', 'update_webhook'],
        ...['get_balance', 'list_ledger_entries', 'pay_booking', 'set_credit_limit', 'tokenize_card'],
        ...['top_up_balance', 'get_sales_report', 'get_agency_statement'],
        ...['import_exchange_rates', 'get_exchange_rates'],
        ...['create_pricing_rule', 'list_pricing_rules', 'retire_pricing_rule', 'update_pricing_rule'],
        ...['get_seat_maps', 'add_services', 'search_changes', 'change_booking'],
        ...['retime_flight', 'accept_schedule_change', 'import_ssim', 'import_fares', 'import_hotel_csv'],
        ...['start_web_session', 'refresh_web_session', 'end_web_session'],
        ...['list_invoices', 'get_invoice_pdf', 'list_booking_documents', 'get_booking_document_pdf'],
        ...['update_agency', 'create_client', 'list_clients', 'update_client', 'rotate_client_secret'],
        ...['revoke_client', 'list_agencies', 'get_agency', 'suspend_agency', 'reinstate_agency'],
        ...['list_users', 'get_user', 'update_user', 'end_user_sessions'],
        ...[
          'request_password_reset',
          'reset_password',
          'change_password',
          'invite_user',
          'list_audit_events',
        ],
        ...['create_traveller', 'list_travellers', 'get_traveller', 'update_traveller', 'delete_traveller'],
        ...['get_second_factor', 'start_second_factor', 'confirm_second_factor', 'disable_second_factor'],
        ...['reset_second_factor', 'export_personal_data', 'erase_personal_data'],
        ...['charge_hotel_guarantee', 'review_hotel_stay', 'list_hotel_reviews', 'moderate_hotel_review'],
        ...[
          'ota_notification',
          'create_channel_connection',
          'list_channel_connections',
          'update_channel_connection',
          'list_channel_deliveries',
        ],
        ...['get_hotel_picture', 'get_room_picture', 'get_imported_picture'],
        ...['search_trips', 'book_trip', 'accept_trip_change'],
        ...['import_hotel_image', 'upload_hotel_image', 'delete_hotel_image'],
      ].sort(),
    );
    for (const { path, method, op } of operations) {
      assert.ok(op.operationId, `${method} ${path} has no operationId`);
      assert.ok(op.description, `${method} ${path} has no description`);
      assert.ok(
        Object.keys(op.responses).some((s) => s.startsWith('2')),
        `${method} ${path} has no success response`,
      );
    }
    for (const path of ['/connect/token', '/b2c/places', '/b2c/airports/{code}', '/create_user']) {
      assert.ok(doc.paths[path], `${path} is missing`);
    }
    assert.ok(doc.paths['/b2c/airports/{code}'].get.responses['404']);
    assert.ok(doc.paths['/connect/token'].post.requestBody.content['application/x-www-form-urlencoded']);
    assert.deepEqual(doc.paths['/search_flight'].post.requestBody.content['application/json'].schema, {
      $ref: '#/components/schemas/SearchFlightRequest',
    });
    for (const name of ['SearchFlightRequest', 'BookHotelRequest', 'SearchBookingResponse', 'User'])
      assert.ok(doc.components.schemas[name], `${name} is a named schema`);
  });

  it('documents what a client must send and gets: required keys, problem details, the OAuth 2.0 flow', () => {
    for (const path of ['/book_flight', '/book_hotel']) {
      const key = doc.paths[path].post.parameters.find((p: any) => p.name === 'idempotency-key');
      assert.equal(key?.required, true, `${path} requires Idempotency-Key`);
    }
    const errors = Object.entries(doc.paths as Record<string, Record<string, any>>)
      // OAuth answers RFC 6749 errors, and channel managers OpenTravel ones.
      .filter(([path]) => !path.startsWith('/connect/') && path !== '/ota')
      .flatMap(([, item]) => Object.values(item))
      .flatMap((op: any) => Object.entries(op.responses).filter(([status]) => Number(status) >= 400))
      .map(([, response]: [string, any]) => Object.keys(response.content ?? {}));
    assert.ok(errors.length > 100);
    assert.ok(errors.every((types) => types.join() === 'application/problem+json'));
    assert.deepEqual(Object.keys(doc.paths['/ota'].post.responses['400'].content), ['application/xml']);
    const oauth = doc.components.securitySchemes.oauth2;
    assert.equal(oauth.type, 'oauth2');
    assert.equal(oauth.flows.password.tokenUrl, 'http://itinera.test/connect/token');
    assert.deepEqual(Object.keys(oauth.flows.password.scopes), ['read', 'book', 'manage', 'admin']);
    assert.equal(oauth.flows.clientCredentials.tokenUrl, 'http://itinera.test/connect/token');
    assert.deepEqual(doc.paths['/users'].get.security, [{ oauth2: ['admin'] }, { oauth2: ['manage'] }]);
    assert.deepEqual(doc.paths['/users'].get['x-itinera-roles'], ['admin', 'agency_admin']);
    assert.deepEqual(doc.paths['/search_flight'].post.security, [{ oauth2: ['read'] }]);
  });

  it('documents every event type a webhook endpoint receives, as OpenAPI 3.1 webhooks', () => {
    assert.ok(Object.keys(doc.webhooks).length >= 12);
    const cancelled = doc.webhooks['flight_booking.cancelled'].post;
    assert.deepEqual(cancelled.requestBody.content['application/json'].schema, {
      allOf: [
        { $ref: '#/components/schemas/Event' },
        {
          type: 'object',
          properties: {
            type: { const: 'flight_booking.cancelled' },
            data: {
              type: 'object',
              required: ['object'],
              properties: { object: { $ref: '#/components/schemas/FlightBooking' } },
            },
          },
        },
      ],
    });
    assert.deepEqual(doc.components.schemas.Event.properties.type.enum, Object.keys(doc.webhooks));
    for (const [type, hook] of Object.entries<any>(doc.webhooks)) {
      const object =
        hook.post.requestBody.content['application/json'].schema.allOf[1].properties.data.properties.object;
      const ref = object.$ref?.replace('#/components/schemas/', '');
      assert.ok(!ref || doc.components.schemas[ref], `${type}: ${object.$ref} is in the document`);
    }
    assert.match(doc.webhooks['flight.cancelled'].post.description, /admins’ endpoints only/);
    const notABooking = {
      id: 'evt_01JD6Q3ZV8Y4KX2M9N0P1R2S3T',
      type: 'flight_booking.cancelled',
      created_at: '2026-11-25T10:00:00Z',
      api_version: '2026-11-01',
      data: { object: { id: 'fbk_1' } },
    };
    assert.notDeepEqual(documentedEventProblems(doc, [notABooking]), [], 'the object is held to its type');
    assert.deepEqual(
      cancelled.parameters.map((p: any) => p.name),
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
    );
  });

  it('is served compressed when asked, cacheable, and 304 for the same version', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers['cache-control']), /max-age=\d+/);
    assert.equal(plain.headers.vary, 'accept-encoding');
    const etag = String(plain.headers.etag);
    const br = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.ok(br.rawPayload.length * 5 < plain.rawPayload.length, 'compressed to under a fifth');
    assert.deepEqual(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), doc);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gzip.rawPayload).toString()), doc);
    assert.equal(gzip.headers.etag, etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
  });
});
