import { useEffect, useState } from 'preact/hooks';
import { session } from './api.ts';
import { currentLanguage, LANGUAGES, type Language, setLanguage, t } from './i18n/i18n.ts';
import { FlightResultsPage } from './pages/flight-results.tsx';
import { FlightSearchForm } from './pages/flight-search.tsx';
import { HotelResultsPage } from './pages/hotel-results.tsx';
import { HotelSearchForm } from './pages/hotel-search.tsx';
import { PackageSearchForm } from './pages/package-search.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { match, navigate, useLocation } from './router.ts';
import { DISPLAY_CURRENCIES, setState, useStore } from './store.ts';
import { lazyPage } from './ui/lazy-page.tsx';
import { Link } from './ui/link.tsx';
import { ErrorView, Loading, StateScreen } from './ui/states.tsx';

// Pages few visitors open first, each a script of its own.
const AccountPage = lazyPage(() => import('./pages/account.tsx').then((m) => m.AccountPage));
const TravellersPage = lazyPage(() => import('./pages/travellers.tsx').then((m) => m.TravellersPage));
const OfficePage = lazyPage(() => import('./pages/office.tsx').then((m) => m.OfficePage));
const AdminPage = lazyPage(() => import('./pages/admin.tsx').then((m) => m.AdminPage));
const AgencyPage = lazyPage(() => import('./pages/agency.tsx').then((m) => m.AgencyPage));
const ForgotPasswordPage = lazyPage(() =>
  import('./pages/password-reset.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('./pages/password-reset.tsx').then((m) => m.ResetPasswordPage),
);
// And the pages after a search: loaded while the visitor reads the results.
const FlightBookPage = lazyPage(() => import('./pages/flight-book.tsx').then((m) => m.FlightBookPage));
const PackageResultsPage = lazyPage(() =>
  import('./pages/package-search.tsx').then((m) => m.PackageResultsPage),
);
const PackageBookPage = lazyPage(() => import('./pages/package-book.tsx').then((m) => m.PackageBookPage));
const HotelPage = lazyPage(() => import('./pages/hotel-page.tsx').then((m) => m.HotelPage));
const TripsPage = lazyPage(() => import('./pages/trips.tsx').then((m) => m.TripsPage));
const TripPage = lazyPage(() => import('./pages/trips.tsx').then((m) => m.TripPage));

function Home() {
  return (
    <>
      <h1 class="visually-hidden">{t('app.name')}</h1>
      <div class="home">
        <FlightSearchForm />
        <HotelSearchForm />
        <PackageSearchForm />
      </div>
    </>
  );
}

/** The page for an address; undefined when there is none. */
function page(path: string) {
  if (path === '/' || path === '/flights') return <Home />;
  if (path === '/flights/results') return <FlightResultsPage />;
  if (path === '/flights/book') return <FlightBookPage />;
  if (path === '/hotels') return <Home />;
  if (path === '/hotels/results') return <HotelResultsPage />;
  if (path === '/packages/results') return <PackageResultsPage />;
  if (path === '/packages/book') return <PackageBookPage />;
  const hotel = match('/hotels/:id', path);
  if (hotel) return <HotelPage id={hotel.id as string} />;
  if (path === '/trips') return <TripsPage />;
  const trip = match('/trips/:id', path);
  if (trip) return <TripPage id={trip.id as string} />;
  if (path === '/agency') return <AgencyPage />;
  if (path === '/admin') return <AdminPage />;
  if (path === '/account') return <AccountPage />;
  if (path === '/account/travellers') return <TravellersPage />;
  if (path === '/office') return <OfficePage />;
  return undefined;
}

function Header() {
  const { claims, displayCurrency } = useStore();
  const [, rerender] = useState(0);
  const signOut = async () => {
    await session.signOut().catch(() => {});
    setState({ claims: undefined });
    navigate('/sign-in');
  };
  return (
    <header class="site-header">
      <a class="skip" href="#main">
        {t('app.skip')}
      </a>
      <Link href="/" class="brand-name">
        {t('app.name')}
      </Link>
      {claims && (
        <nav aria-label="Main">
          <Link href="/">{t('nav.flights')}</Link>
          <Link href="/hotels">{t('nav.hotels')}</Link>
          <Link href="/trips">{t('nav.trips')}</Link>
          {claims.agency_id && <Link href="/agency">{t('nav.agency')}</Link>}
          {claims.role === 'admin' && <Link href="/admin">{t('nav.admin')}</Link>}
          {(claims.role === 'admin' || claims.role === 'agency_admin') && (
            <Link href="/office">{t('nav.office')}</Link>
          )}
          {claims.role !== 'customer' && <a href="/docs">{t('nav.apiReference')}</a>}
          <Link href="/account">{t('nav.account')}</Link>
        </nav>
      )}
      <div class="settings">
        <label>
          <span class="visually-hidden">{t('nav.language')}</span>
          <select
            value={currentLanguage()}
            aria-label={t('nav.language')}
            onChange={(e) => {
              setLanguage((e.currentTarget as HTMLSelectElement).value as Language);
              setState({});
              rerender((n) => n + 1);
            }}
          >
            {Object.entries(LANGUAGES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span class="visually-hidden">{t('nav.currency')}</span>
          <select
            value={displayCurrency}
            aria-label={t('nav.currency')}
            onChange={(e) => setState({ displayCurrency: (e.currentTarget as HTMLSelectElement).value })}
          >
            {DISPLAY_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code || t('nav.currency.own')}
              </option>
            ))}
          </select>
        </label>
        {claims && (
          <button type="button" class="link" onClick={signOut}>
            {t('nav.signOut')} ({claims.username})
          </button>
        )}
      </div>
    </header>
  );
}

/** Pages for a visitor not signed in: signing in, and choosing a new password. */
const OPEN_PAGES = new Set(['/sign-in', '/forgot-password', '/reset-password']);

/**
 * The shell: picks up the session the cookie holds, sends a signed-out visitor to sign in (and back to
 * where they were going after), and shows the page for the address.
 */
export function App() {
  const { path } = useLocation();
  const { claims } = useStore();
  const [resumed, setResumed] = useState<{ done: boolean; error?: unknown }>({ done: false });
  const resume = () =>
    session.resume().then(
      (found) => {
        setState({ claims: found });
        setResumed({ done: true });
      },
      (error: unknown) => setResumed({ done: true, error }),
    );
  useEffect(() => void resume(), []);
  useEffect(() => {
    if (resumed.done && !resumed.error && !claims && !OPEN_PAGES.has(path))
      navigate(`/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`, {
        replace: true,
      });
  }, [resumed, claims, path]);

  let body = page(path);
  if (!resumed.done) body = <Loading />;
  else if (resumed.error !== undefined)
    body = <ErrorView error={resumed.error} retry={() => void resume()} />;
  else if (path === '/sign-in') body = <SignInPage />;
  else if (path === '/forgot-password') body = <ForgotPasswordPage />;
  else if (path === '/reset-password') body = <ResetPasswordPage />;
  else if (!claims) body = <Loading />;
  else if (!body) body = <StateScreen kind="not-found" title={t('state.notFound')} text="" />;
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        {body}
      </main>
    </>
  );
}
