/** A strict little XML well-formedness check for the SVG tests (no DTDs, no CDATA, no comments). */

export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
}

const TAG = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/;
const ATTR = /([\w:.-]+)="([^"<]*)"/g;
const BAD_AMP = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
const INVALID_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/**
 * Parse `xml`, throwing on: unbalanced or mismatched tags, text outside the root, more than one root,
 * a bare `&`, `<` in attribute values, or characters XML forbids.
 * @returns every element, in document order, and the root's name
 */
export function checkXml(xml: string): { root: string; elements: XmlElement[] } {
  if (INVALID_CHAR.test(xml)) throw new Error('character not allowed in XML');
  const elements: XmlElement[] = [];
  const stack: string[] = [];
  let root = '', i = 0, roots = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (BAD_AMP.test(text)) throw new Error(`bare & in text near ${JSON.stringify(text.slice(0, 40))}`);
    if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root: ${JSON.stringify(text.slice(0, 40))}`);
    if (lt < 0) break;
    const m = TAG.exec(xml.slice(lt));
    if (!m) throw new Error(`malformed tag at ${lt}: ${JSON.stringify(xml.slice(lt, lt + 40))}`);
    const [whole, close, name, attrText, selfClose] = m as unknown as [string, string, string, string, string];
    if (close) {
      if (stack.pop() !== name) throw new Error(`</${name}> does not close the open element at ${lt}`);
    } else {
      const attrs: Record<string, string> = {};
      for (const a of attrText.matchAll(ATTR)) {
        if (BAD_AMP.test(a[2]!)) throw new Error(`bare & in attribute ${a[1]}`);
        attrs[a[1]!] = a[2]!;
      }
      if (stack.length === 0) { roots++; root = name; }
      elements.push({ name, attrs });
      if (!selfClose) stack.push(name);
    }
    i = lt + whole.length;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
  return { root, elements };
}
