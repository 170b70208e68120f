/**
 * Rewrites of a page that a browser renders identically (issue 16.5): each must leave farsw's
 * extraction unchanged. Used by test/html/rewrites.test.ts (hand-written pages) and
 * scripts/bench-parse.mjs (every shared page). Regular expressions over the source, written so
 * that what a browser shows does not change: `<pre>` and `<textarea>` content keeps its newlines.
 */

/** Source regions whose white space a browser shows as written (kept by the white-space rewrites). */
const VERBATIM = /<(pre|textarea|listing|plaintext|xmp)\b[\s\S]*?(<\/\1\s*>|$)/gi;

/** Apply `f` to the parts of `html` outside VERBATIM regions. */
function outsideVerbatim(html, f) {
  let out = '', at = 0;
  for (const m of html.matchAll(VERBATIM)) {
    out += f(html.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + f(html.slice(at));
}

/** Start and end tags (a quoted attribute value may hold `>`). */
const TAG = /<\/?[a-zA-Z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*>/g;

export const REWRITES = {
  /** The optional `<html>`, `<head>`, `<body>` tags and their end tags removed (attributes of body/html go with them). */
  'no html/head/body tags': (html) => html.replace(/<\/?(html|head|body)(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>/gi, ''),
  /** Only `</head>` and `<body …>` removed (the pattern that emptied 8.7 % of a collection). */
  'no </head> and <body>': (html) => html.replace(/<\/head\s*>|<body(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>/gi, ''),
  /** Tag names upper-cased. */
  'upper-case tag names': (html) => html.replace(TAG, (t) => t.replace(/^(<\/?)([a-zA-Z][^\s/>]*)/, (_, lt, name) => lt + name.toUpperCase())),
  /** White space between tags collapsed to one space. */
  'white space between tags collapsed': (html) => outsideVerbatim(html, (s) => s.replace(/>\s+</g, '> <')),
  /** The whole page on one line (newlines outside pre/textarea become spaces). */
  'page on one line': (html) => outsideVerbatim(html, (s) => s.replace(/\r\n?|\n/g, ' ')),
  /** Attribute quotes swapped: "v" → 'v' where v has no ', and 'v' → "v" where v has no ". */
  'attribute quotes swapped': (html) => html.replace(TAG, (t) => t.replace(/=\s*("([^"']*)"|'([^"']*)')/g, (_, q, dq, sq) => (dq !== undefined && q.startsWith('"') ? `='${dq}'` : `="${sq}"`))),
  /** A script in the head holding the string "</head><body>". */
  'script with "</head><body>" in the head': (html) => {
    const script = '<script>var s = "</head><body>";</script>';
    const head = /<head(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>/i.exec(html);
    if (head) return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
    const htmlTag = /<html(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>/i.exec(html);
    const at = htmlTag ? htmlTag.index + htmlTag[0].length : 0;
    return html.slice(0, at) + '<head>' + script + '</head>' + html.slice(at);
  },
};
