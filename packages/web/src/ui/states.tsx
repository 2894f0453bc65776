import type { ComponentChildren } from 'preact';
import { NetworkError, ProblemError, SessionExpiredError } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { SignInForm } from '../pages/sign-in.tsx';
import { Link } from './link.tsx';

/** One screen for one state a traveller can meet: a heading, what it means, what to do. */
export function StateScreen(props: {
  kind: string;
  title: string;
  text: string;
  children?: ComponentChildren;
}) {
  return (
    <section class={`state state-${props.kind}`} aria-live="polite" data-state={props.kind}>
      <h2>{props.title}</h2>
      <p>{props.text}</p>
      {props.children}
    </section>
  );
}

export const Loading = () => (
  <p class="loading" role="status">
    {t('state.loading')}
  </p>
);

export const EmptyResults = () => <StateScreen kind="empty" title={t('state.empty')} text="" />;

export function OfferExpired(props: { searchAgain: string }) {
  return (
    <StateScreen kind="offer-expired" title={t('state.offerExpired')} text={t('state.offerExpiredText')}>
      <Link class="button" href={props.searchAgain}>
        {t('state.searchAgain')}
      </Link>
    </StateScreen>
  );
}

export function SoldOut(props: { back: string }) {
  return (
    <StateScreen kind="sold-out" title={t('state.soldOut')} text={t('state.soldOutText')}>
      <Link class="button" href={props.back}>
        {t('state.searchAgain')}
      </Link>
    </StateScreen>
  );
}

/** Answers after which the offer or quote cannot be booked any more: back to search, not try again. */
export function isDeadEnd(error: unknown): boolean {
  return (
    error instanceof ProblemError &&
    ['OFFER_EXPIRED', 'QUOTE_EXPIRED', 'NO_AVAILABILITY'].includes(error.code)
  );
}

/**
 * Whatever went wrong, as the screen for it: an ended session signs in again in place and carries on,
 * an unreachable server offers to try again, an expired offer or a sold-out one sends back to search.
 */
export function ErrorView(props: { error: unknown; retry?: () => void; searchAgain?: string }) {
  const { error, retry } = props;
  if (error instanceof SessionExpiredError)
    return (
      <StateScreen
        kind="session-expired"
        title={t('state.sessionExpired')}
        text={t('state.sessionExpiredText')}
      >
        <SignInForm onSignedIn={() => retry?.()} />
      </StateScreen>
    );
  if (error instanceof NetworkError)
    return (
      <StateScreen kind="unreachable" title={t('state.unreachable')} text={t('state.unreachableText')}>
        {retry && (
          <button type="button" onClick={retry}>
            {t('state.retry')}
          </button>
        )}
      </StateScreen>
    );
  if (error instanceof ProblemError) {
    if (error.code === 'OFFER_EXPIRED' || error.code === 'QUOTE_EXPIRED')
      return <OfferExpired searchAgain={props.searchAgain ?? '/'} />;
    if (error.code === 'NO_AVAILABILITY') return <SoldOut back={props.searchAgain ?? '/'} />;
    return (
      <StateScreen kind="problem" title={t('state.error')} text={error.problem.detail}>
        {retry && (
          <button type="button" onClick={retry}>
            {t('state.retry')}
          </button>
        )}
      </StateScreen>
    );
  }
  return (
    <StateScreen kind="problem" title={t('state.error')} text={String((error as Error)?.message ?? error)} />
  );
}
