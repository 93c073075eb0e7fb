// Where a refused save's messages go, in plain words. The server names fields by key, both as the
// keys of a 422's errors and inside messages ("Must not be before start_date."): a person reads
// the field's label instead. Messages for a field the form shows go under it; the others (a field
// the screen does not show, a row of a child table, a 409) go above the form, with their label.
import { describeFailure } from './server-errors';

/** The label of a form path: 'rent', or a child row's 'charges.0.amount'. */
export type LabelOf = (path: string) => string;

// snake_case words only: one-word keys ("rent", "amount") are ordinary words in a sentence
const KEY = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** A label inside a sentence: lower case unless it starts with an abbreviation (KRA PIN, M-Pesa). */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) && !/^[A-Z][a-z]+-[A-Z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label);

/** The message with each field key it names replaced by that field's label. */
export function plainMessage(message: string, labelOf?: LabelOf): string {
  if (!labelOf) return message;
  return message.replace(KEY, (key) => {
    const label = labelOf(key);
    return label && label !== key ? inSentence(label) : key;
  });
}

export interface PlacedFailure {
  /** Per shown field: react-admin's <Form> shows them under their inputs. */
  inline: Record<string, string> | undefined;
  /** Everything else, for the alert above the form. */
  formError: string | null;
}

/**
 * Splits a refused save into the messages under the fields (`shown` says which paths the form
 * has; without it, every field) and the message above the form.
 */
export function placeFailure(e: unknown, opts: { shown?: (path: string) => boolean; labelOf?: LabelOf } = {}): PlacedFailure {
  const { fields, message } = describeFailure(e);
  if (!fields) return { inline: undefined, formError: message ? plainMessage(message, opts.labelOf) : null };
  const inline: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, text] of Object.entries(fields)) {
    const plain = plainMessage(text, opts.labelOf);
    if (!opts.shown || opts.shown(path)) inline[path] = plain;
    else other.push(opts.labelOf ? `${opts.labelOf(path)}: ${plain}` : plain);
  }
  return { inline: Object.keys(inline).length ? inline : undefined, formError: other.length ? other.join(' ') : null };
}
