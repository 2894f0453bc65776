import { currentLanguage } from './i18n/i18n.ts';

/** The browser's own locale when it speaks the chosen language (en-GB writes 14:05 and 9 Dec), else the language. */
function locale(): string {
  return navigator.language.toLowerCase().startsWith(currentLanguage())
    ? navigator.language
    : currentLanguage();
}

/** The currency's own minor-unit exponent (2 for EUR, 0 for JPY, 3 for KWD), as Intl knows it. */
export function exponentOf(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** Integer minor units shown as money in the page's language: 123456 EUR is €1,234.56. */
export function money(minor: number, currency: string): string {
  const exponent = exponentOf(currency);
  return new Intl.NumberFormat(locale(), {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(minor / 10 ** exponent);
}

/** A local time as the place it happens shows it, with the zone's short name. */
export function localTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale(), {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

export function date(isoDate: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  );
}

export function dateTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

export function duration(minutes: number): string {
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** `YYYY-MM-DD` some days from today. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
