// A readable English label made from a key, for places no message names (the web app's label
// fallback, CSV headers when a client sends no labels of its own).

/** Words that do not read well lower-cased. */
const WORDS: Record<string, string> = {
  id: 'ID', kra: 'KRA', pin: 'PIN', sms: 'SMS', mpesa: 'M-Pesa', vat: 'VAT', url: 'URL', api: 'API', csv: 'CSV', pdf: 'PDF',
};

/** 'owner_id' → 'Owner', 'charge_ids' → 'Charges', 'kra_pin' → 'KRA PIN', 'house-types' → 'House types'. */
export function humanise(key: string): string {
  let k = key;
  let plural = false;
  if (/_ids$/.test(k)) {
    k = k.slice(0, -4);
    plural = true;
  } else if (/_id$/.test(k) && k !== 'id') {
    k = k.slice(0, -3);
  }
  const words = k.split(/[_\-\s]+/).filter(Boolean).map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  if (!words.length) return key;
  if (plural) words[words.length - 1] += 's';
  const first = words[0];
  words[0] = first === first.toLowerCase() ? first.charAt(0).toUpperCase() + first.slice(1) : first;
  return words.join(' ');
}
