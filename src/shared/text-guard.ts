// Text that cannot be stored. PostgreSQL refuses a NUL character in text ("invalid byte sequence")
// and in JSON ("unsupported Unicode escape"), and an unpaired UTF-16 surrogate in JSON (every
// record's audit entry is JSON). Refused at the edge, once, naming where it was: the server's input
// hook (path, query, body), the list query parser (filters are JSON inside the query string) and
// validateRecord (so a form says so too). Pure: shared by the server and the browser.

export const BAD_TEXT_MESSAGE = 'Must not contain a NUL character or broken Unicode.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string holds a NUL or an unpaired surrogate. */
export const isBadText = (s: string): boolean => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * The path ('name', 'lines.0.description', '' for the value itself) of the first string, or
 * object key, in a parsed JSON value that holds bad text; null when there is none. Iterative, so
 * a deeply nested body cannot exhaust the stack.
 */
export function findBadText(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (isBadText(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (isBadText(k)) return at.replace(/[\u0000\uD800-\uDFFF]/g, '?');
        stack.push([item, at]);
      }
    }
  }
  return null;
}
