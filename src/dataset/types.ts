/**
 * Types of the dataset readers: one page with its gold text, whatever file
 * layout it came from.
 */

/** One evaluation page. */
export interface PageRecord {
  /** Unique id, `<dataset>/<page-id>` in the shared datasets, `<site>/<name>` in training-data. */
  readonly id: string;
  /** Dataset name (the shared file's `dataset` field; the directory name for training-data). */
  readonly dataset: string;
  /** Page URL, when known. */
  readonly url: string | null;
  /** Language code, when known. */
  readonly lang: string | null;
  /** Site the page belongs to, when the source says so (the `host` field; the SITE directory). */
  readonly host: string | null;
  /** The page HTML, decoded. */
  readonly html: string;
  /** Gold main text, one paragraph per line; null when the page has none (not scored for F1). */
  readonly gold: string | null;
  /** Snippets a good extraction contains (trafilatura dataset). */
  readonly with?: readonly string[];
  /** Snippets a good extraction must not contain (trafilatura dataset). */
  readonly without?: readonly string[];
  /** The page's type label (WCXB's `page_type`: article, forum, product, …), when the record has one. */
  readonly pageType?: string | null;
  /** Where the record came from, for messages: file and 1-based line (JSON Lines). */
  readonly source: RecordSource;
}

/** File (and line) a record was read from. */
export interface RecordSource {
  readonly file: string;
  readonly line?: number;
}

/** A record that could not be read: reported, skipped and counted. */
export interface DatasetIssue {
  readonly file: string;
  /** 1-based line number in a JSON Lines file. */
  readonly line?: number;
  readonly message: string;
}

/** Options shared by the dataset readers. */
export interface ReadOptions {
  /** Called once per malformed record (which is then skipped). Default: ignore. */
  readonly onIssue?: (issue: DatasetIssue) => void;
  /** Decode the bytes of a training-data `.html` file (default: `decodeHtml`'s charset sniffing). */
  readonly decode?: (bytes: Uint8Array) => string;
  /** Training-data pages without a gold `.txt` are read with `gold: null` instead of reported (label-free training). */
  readonly goldOptional?: boolean;
}
