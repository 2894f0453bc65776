/**
 * An amount in minor units rounded to three significant digits, as prices are set by people (12,300
 * rather than 12,347); amounts under 1,000 minor units stay as they are.
 */
export function niceAmount(minor: number): number {
  if (minor < 1_000) return minor;
  const step = 10 ** (Math.floor(Math.log10(minor)) - 2);
  return Math.round(minor / step) * step;
}
