// Placeholders in message texts: the allowed names come from the templates declaration; the
// sample values make the preview read like a real message.
import { TEMPLATE_PLACEHOLDERS } from '../../../../resources/templates';
import { formatDay } from '../../../shared/format';

export type Placeholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export const PLACEHOLDERS: readonly Placeholder[] = TEMPLATE_PLACEHOLDERS;

export const SAMPLE_VALUES: Readonly<Record<Placeholder, string>> = {
  tenant_name: 'Amina',
  house_number: 'A4',
  property_name: 'Jirani Heights',
  balance: '15,000.00',
  due_date: formatDay('2026-12-05'),
  amount_paid: '5,000.00',
  receipt_number: 'RCT-000123',
  paybill: '4015532',
  account_code: 'JHA4',
};

/** Replaces each known `{name}` by its value; unknown ones stay as typed. */
export function fillPlaceholders(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Inserts `insert` into `text` over the selection [start, end); returns the text and the caret after it. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; caret: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return { text: text.slice(0, a) + insert + text.slice(b), caret: a + insert.length };
}
