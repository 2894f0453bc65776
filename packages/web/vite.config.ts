import { defineConfig } from 'vite';

/** Preact through JSX's automatic runtime; no inline script or style, so the strict CSP holds. */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: Object.fromEntries(
      [
        '/connect',
        '/b2c',
        '/web_session',
        '/refresh_web_session',
        '/end_web_session',
        '/search_',
        '/book_',
        '/check_rate',
        '/booking',
        '/quote_cancellation',
        '/cancel_booking',
        '/seat_maps',
        '/tokenize_card',
        '/balance',
        '/flight_bookings',
        '/exchange_rates',
        '/webhooks',
        '/webhook_deliveries',
        '/set_allotment',
        '/import_',
        '/pay_booking',
        '/add_services',
      ].map((p) => [p, 'http://localhost:8080']),
    ),
  },
});
