// html-encoding-sniffer ships no types; the part farsw uses.
declare module 'html-encoding-sniffer' {
  interface SniffOptions {
    xml?: boolean;
    transportLayerEncodingLabel?: string;
    /** Returned when nothing is found; `null` lets the caller tell "undeclared" apart. */
    defaultEncoding?: string | null;
    maxPrescanBytes?: number;
  }
  function htmlEncodingSniffer(bytes: Uint8Array, options?: SniffOptions): string | null;
  export default htmlEncodingSniffer;
}
