/**
 * Calendar days from what pages write, as htmldate reads them: ISO 8601 and RFC 2822
 * values of meta tags, dates in URLs (`/2007/05/20/`, `/2007-05-20/`), and dates in
 * running text in several languages ("20. Mai 2007", "June 19th, 2018", "19 juin 2018",
 * "19 de junio de 2018", "Dec. 19, 2025", "09/25/2025", "19.06.2018", PubMed's "2023 Jan 7"). Each returns
 * `YYYY-MM-DD`, or null when there is no valid day (years 1990–2099 only).
 */

/** Month names (lower case, full and abbreviated) in English, German, French, Spanish, Italian, Portuguese and Dutch. */
const MONTHS: readonly (readonly string[])[] = [
  ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'janeiro', 'januari'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'febrero', 'febbraio', 'fevereiro', 'fev', 'februari'],
  ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo', 'março', 'marco', 'maart', 'mrt'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'maio', 'mei'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'julho'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'outubro'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dic', 'dicembre', 'dezembro'],
];
const MONTH_OF = new Map<string, number>(MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
const MONTH_ALT = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join('|');

/** "19 June 2018", "19th June, 2018", "20. Mai 2007", "19 de junio de 2018", "1er mars 2020". */
const DAY_MONTH_YEAR = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(?:st|nd|rd|th|er|\\.|º)?\\s*(?:de\\s+)?(${MONTH_ALT})\\.?,?\\s*(?:de\\s+)?((?:19|20)\\d\\d)(?!\\d)`, 'iu');
/** "June 19, 2018", "June 19th, 2018", "Dec. 19, 2025", "December 19 2025". */
const MONTH_DAY_YEAR = new RegExp(`(?<![\\p{L}])(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d\\d)(?!\\d)`, 'iu');
/** "2023 Jan 7", "2023 January 7" (PubMed's and scholarly meta tags' `citation_publication_date`). */
const YEAR_MONTH_NAME_DAY = new RegExp(`(?<!\\d)((?:19|20)\\d\\d)\\s+(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?![\\d:])`, 'iu');
/** "2018-06-19", "2018/06/19", "2018.06.19". */
const YEAR_MONTH_DAY = /(?<!\d)((?:19|20)\d\d)([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/;
/** "19.06.2018", "06/19/2018", "19-06-2018". */
const NUMERIC = /(?<!\d)(\d{1,2})([-/.])(\d{1,2})\2((?:19|20)\d\d)(?!\d)/;
/** In a URL: `/2007/05/20/`, `/2007-05-20`, `_2007_05_20`, `/2023/october/03/`. */
const URL_DATE = new RegExp(`(?:^|[/_-])((?:19|20)\\d\\d)[/_-](\\d{1,2}|${MONTH_ALT})[/_-](\\d{1,2})(?=$|[/_.?#-])`, 'i');
/** Every form above has a year: a text without one costs one test. */
const YEAR = /(?:19|20)\d\d/;

/** `YYYY-MM-DD` when the day exists (1990–2099), else null. */
export function validDay(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A date found in a text: its day, where it starts, its length, and for a numeric date both parts could be the month of ("03/10/2023"), the other reading. */
export interface FoundDate { readonly day: string; readonly index: number; readonly length: number; readonly other?: string }

/** The first date of a text and where it starts. `monthFirst`: read 06/07/2018 as June 7 (US English). */
export function findDate(text: string, monthFirst = false): FoundDate | null {
  if (!YEAR.test(text)) return null;
  const found: FoundDate[] = [];
  const add = (m: RegExpExecArray, day: string | null, other?: string | null): void => {
    if (day !== null) found.push(other != null && other !== day ? { day, index: m.index, length: m[0].length, other } : { day, index: m.index, length: m[0].length });
  };
  let m = DAY_MONTH_YEAR.exec(text);
  if (m) add(m, validDay(Number(m[3]), MONTH_OF.get(m[2]!.toLowerCase())!, Number(m[1])));
  m = MONTH_DAY_YEAR.exec(text);
  if (m) add(m, validDay(Number(m[3]), MONTH_OF.get(m[1]!.toLowerCase())!, Number(m[2])));
  m = YEAR_MONTH_DAY.exec(text);
  if (m) add(m, validDay(Number(m[1]), Number(m[3]), Number(m[4])));
  m = YEAR_MONTH_NAME_DAY.exec(text);
  if (m) add(m, validDay(Number(m[1]), MONTH_OF.get(m[2]!.toLowerCase())!, Number(m[3])));
  m = NUMERIC.exec(text);
  if (m) {
    const a = Number(m[1]), b = Number(m[3]);
    // Unambiguous when one part is over 12; else the dot is European (day first), the slash follows the page's language.
    const dayFirst = a > 12 || (b <= 12 && (m[2] !== '/' || !monthFirst));
    const ambiguous = a <= 12 && b <= 12;
    add(m, dayFirst ? validDay(Number(m[4]), b, a) : validDay(Number(m[4]), a, b), ambiguous ? (dayFirst ? validDay(Number(m[4]), a, b) : validDay(Number(m[4]), b, a)) : null);
  }
  if (found.length === 0) return null;
  return found.reduce((x, y) => (y.index < x.index ? y : x));
}

/**
 * The day of a structured value (meta tag, JSON-LD, `<time datetime>`): ISO 8601 as written
 * (the page's own day, its time zone not applied), else a date found in it (RFC 2822, text).
 */
export function dayOf(value: string | null | undefined, monthFirst = false): string | null {
  if (value === null || value === undefined) return null;
  const iso = /^\s*((?:19|20)\d\d)-(\d\d)-(\d\d)/.exec(value);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const compact = /^\s*((?:19|20)\d\d)(\d\d)(\d\d)(?:$|T)/.exec(value);
  if (compact) return validDay(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  return findDate(value, monthFirst)?.day ?? null;
}

/** The day a URL's path names (`/2007/05/20/`), or null. */
export function dateFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = URL_DATE.exec(path);
  return m ? validDay(Number(m[1]), /^\d/.test(m[2]!) ? Number(m[2]) : MONTH_OF.get(m[2]!.toLowerCase())!, Number(m[3])) : null;
}
