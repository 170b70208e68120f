/** Rewrites of a page that a browser renders identically (scripts/rewrites.mjs). */
export declare const REWRITES: Readonly<Record<string, (html: string) => string>>;
