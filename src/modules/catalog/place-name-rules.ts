import { fold } from '../../shared/text.ts';

/**
 * Scripts written by one language only: a city's name in that script is that language's name. Hebrew
 * script is Yiddish's too and Arabic script Persian's and Urdu's, with names that look alike ("رم" is
 * Persian for Rome): those are left out rather than shown wrong.
 */
const SCRIPT_LANGUAGES: ReadonlyArray<readonly [string, RegExp]> = [
  ['ko', /\p{Script=Hangul}/u],
  ['el', /\p{Script=Greek}/u],
  ['th', /\p{Script=Thai}/u],
  ['ka', /\p{Script=Georgian}/u],
  ['hy', /\p{Script=Armenian}/u],
];
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN_ONLY = /^\p{Script=Han}+$/u;

/** The shortest, then the first in the source's order: the plain form over the official long one. */
function plainest(names: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const name of names) if (best === undefined || [...name].length < [...best].length) best = name;
  return best;
}

/**
 * Japanese for a city of Japan is its kanji name, which Chinese shares in simplified or traditional
 * form: the one the source also gives with the municipal suffix 市 or 都 (東京 beside 東京都) is Japan's.
 */
function japaneseName(alternates: readonly string[], countryCode: string): string | undefined {
  const kana = alternates.filter((n) => KANA.test(n));
  if (countryCode !== 'JP') return plainest(kana);
  const han = alternates.filter((n) => HAN_ONLY.test(n));
  const official = han.filter((n) => han.includes(`${n}市`) || han.includes(`${n}都`));
  return plainest(official) ?? plainest(han.filter((n) => /[市都]$/u.test(n))) ?? plainest(kana);
}

/**
 * Display names by language read from untagged alternate names, for the languages whose script
 * tells them apart: Japanese, Korean, Greek, Thai, Georgian and Armenian.
 */
export function pickByScript(alternates: readonly string[], countryCode: string): Record<string, string> {
  const names: Record<string, string> = {};
  const ja = japaneseName(alternates, countryCode);
  if (ja) names.ja = ja;
  for (const [lang, script] of SCRIPT_LANGUAGES) {
    const name = plainest(alternates.filter((n) => script.test(n)));
    if (name) names[lang] = name;
  }
  return names;
}

/** A romanisation written all in lower case ("dong jing") is a machine transliteration, not a name. */
const MACHINE_ROMANISATION = /^[\p{Script=Latin}\s'’-]+$/u;

/**
 * A city's search keys: its names folded (case, accents, punctuation), without the main name's own,
 * codes (three or four capitals, served by the code index) and machine romanisations; sorted, unique.
 */
export function searchKeys(names: readonly string[], mainFolded: string): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    if (/^[A-Z]{3,4}$/.test(name) || [...name].length > 48) continue;
    if (MACHINE_ROMANISATION.test(name) && name === name.toLowerCase()) continue;
    const key = fold(name);
    if (key && key !== mainFolded) keys.add(key);
  }
  return [...keys].sort();
}
