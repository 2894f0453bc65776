import { useEffect, useState } from 'preact/hooks';
import type { components, TokenClaims } from './api.ts';

type FlightOffer = components['schemas']['FlightOffer'];
type TripPackage = components['schemas']['TripPackage'];

/** What the pages share while the tab is open; nothing here outlives it but the display currency. */
interface State {
  claims: TokenClaims | undefined;
  /** Prices converted to this currency as well; '' shows them as offered only. */
  displayCurrency: string;
  /** The offer chosen on the results page, with the search that found it. */
  chosenOffer: { offer: FlightOffer; search: string } | undefined;
  /** The flight + hotel package chosen, with the search that found it. */
  chosenPackage: { pkg: TripPackage; search: string } | undefined;
}

const CURRENCY = 'itinera.display-currency';
let state: State = {
  claims: undefined,
  displayCurrency: window.localStorage.getItem(CURRENCY) ?? '',
  chosenOffer: undefined,
  chosenPackage: undefined,
};
const listeners = new Set<() => void>();

export function getState(): State {
  return state;
}

export function setState(change: Partial<State>): void {
  state = { ...state, ...change };
  if ('displayCurrency' in change) window.localStorage.setItem(CURRENCY, state.displayCurrency);
  for (const listener of listeners) listener();
}

export function useStore(): State {
  const [, rerender] = useState(0);
  useEffect(() => {
    const update = () => rerender((n) => n + 1);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return state;
}

export const DISPLAY_CURRENCIES = ['', 'EUR', 'USD', 'GBP', 'JPY', 'CHF', 'AUD', 'CAD', 'SGD', 'AED', 'THB'];
