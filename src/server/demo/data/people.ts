// The people of the demo organisation: tenants, colleagues and the details a Kenyan tenant file holds.

import type { Random } from './random.js';

/** Individual tenants (first, middle or home name, surname). */
export const INDIVIDUAL_TENANTS = [
  'Grace Wanjiru Kamau', 'Kevin Omondi Odhiambo', 'Mercy Chebet Kiprop', 'Dennis Mutua Musyoka',
  'Faith Achieng Onyango', 'Samuel Kiprotich Rotich', 'Esther Nafula Wafula', 'Joseph Njoroge Mwangi',
  'Caroline Mwikali Kilonzo', 'Victor Ouma Okoth', 'Purity Wairimu Ndung\'u', 'Collins Wekesa Barasa',
  'Sharon Jepkoech Kirui', 'Peter Gitonga Muriuki', 'Janet Kemunto Nyamweya', 'Edwin Kipchumba Cheruiyot',
  'Lucy Wambui Waweru', 'Hassan Abdi Mohamed', 'Nancy Kanini Mutiso', 'Felix Simiyu Wanyama',
  'Diana Akinyi Owino', 'Stephen Mogaka Ombati', 'Beatrice Kendi Kimathi', 'Eric Baya Karisa',
  'Ann Njeri Karanja', 'Wycliffe Juma Makokha', 'Eunice Jeruto Kosgei', 'Daniel Kyalo Mwendwa',
  'Naomi Atieno Were', 'Moses Kimani Gichuru', 'Cynthia Moraa Onsongo', 'Isaac Chengo Mwakio',
  'Lydia Wangari Maina', 'Titus Kipkemboi Langat', 'Josephine Mumbua Nzioka', 'Geoffrey Odongo Oduor',
  'Agnes Nyokabi Kiarie', 'Job Wafula Sifuna', 'Brenda Chepkirui Ngeno', 'Amina Hussein Farah',
  'Paul Ndirangu Githinji', 'Irene Auma Opiyo', 'Nelson Kibet Tanui', 'Tabitha Mwende Kioko',
  'Ian Macharia Wachira', 'Dorcas Kerubo Nyakundi', 'Kennedy Onyango Obiero', 'Winnie Nduku Muthama',
  'Elijah Kibet Sang', 'Ruth Nekesa Wanjala',
] as const;

/** Businesses renting the shops. */
export const COMPANY_TENANTS = [
  { name: 'Kasarani Family Chemist Ltd', contact: 'Dr. Alice Wangui' },
  { name: 'Tamu Tamu Bakery Ltd', contact: 'Francis Mburu' },
  { name: 'Haraka Agencies Ltd', contact: 'Abdullahi Noor' },
  { name: 'Syokimau Hardware & Paints Ltd', contact: 'James Mutinda' },
  { name: 'Glamour Touch Beauty Parlour Ltd', contact: 'Rose Adhiambo' },
  { name: 'Mama Njeri Fresh Produce Ltd', contact: 'Jane Njeri' },
] as const;

export const EMPLOYERS = [
  'Safaricom PLC', 'KCB Bank Kenya', 'Kenya Power', 'The Nairobi Hospital', 'Teachers Service Commission',
  'Equity Bank', 'Kenya Airways', 'Self-employed', 'East African Breweries', 'Nation Media Group',
  'Co-operative Bank of Kenya', 'Twiga Foods', 'Kenyatta National Hospital', 'Ministry of Health',
  'Java House Africa', 'Cellulant', 'Kenya Revenue Authority', 'Bidco Africa', 'Jumia Kenya',
  'Strathmore University', 'Self-employed (boda boda)', 'County Government of Nairobi',
] as const;

const KIN = {
  female: { names: ['Mary', 'Jane', 'Margaret', 'Elizabeth', 'Rose', 'Susan', 'Alice', 'Catherine'], relations: ['mother', 'sister', 'aunt'] },
  male: { names: ['John', 'James', 'Joseph', 'Daniel', 'Charles', 'George', 'Francis', 'Michael'], relations: ['father', 'brother', 'uncle'] },
} as const;

export function nextOfKin(r: Random, tenantName: string): string {
  const surname = tenantName.split(' ').at(-1);
  const kin = r.chance(0.5) ? KIN.female : KIN.male;
  return `${r.pick(kin.names)} ${surname} (${r.pick(kin.relations)})`;
}

/** A mailbox for a person: first.last@example.com (example domains: no mail reaches a stranger). */
export function emailOf(name: string, domain = 'example.com'): string {
  const parts = name.toLowerCase().replace(/[^a-z ]/g, '').split(' ').filter(Boolean);
  return `${parts[0]}.${parts.at(-1)}@${domain}`;
}

/** Mobile prefixes in use (Safaricom, Airtel, Telkom), as the three digits after +254. */
const MOBILE_PREFIXES = [
  '710', '711', '712', '713', '714', '715', '716', '717', '718', '719', '720', '721', '722', '723',
  '724', '725', '726', '727', '728', '729', '740', '741', '742', '743', '745', '746', '748', '757',
  '758', '759', '768', '769', '790', '791', '792', '793', '794', '795', '796', '797', '798', '799',
  '110', '111', '112', '113', '114', '115', // Safaricom 011x
  '730', '731', '732', '733', '735', '736', '737', '738', '750', '751', '752', '753', '754', '755',
  '756', '780', '785', '786', '787', '788', '789', '100', '101', '102', // Airtel
  '770', '771', '772', // Telkom
] as const;

/** Kenyan mobile numbers in E.164, never the same one twice. */
export function phoneBook(r: Random) {
  const used = new Set<string>();
  return (): string => {
    for (;;) {
      const n = `+254${r.pick(MOBILE_PREFIXES)}${r.digits(6)}`;
      if (!used.has(n)) {
        used.add(n);
        return n;
      }
    }
  };
}

/** National ID numbers: eight digits. */
export const idNumber = (r: Random) => `${r.int(2, 3)}${r.digits(7)}`;

/** KRA PINs: A (individuals) or P (companies), nine digits, a letter. */
export const kraPinOf = (r: Random, kind: 'individual' | 'company') =>
  `${kind === 'company' ? 'P05' : 'A00'}${r.digits(7)}${r.chars(1, 'ABCDEFGHJKLMNPQRSTUVWXYZ')}`;

/** The colleagues invited into the demo organisation (no password: they would set it from the invitation). */
export const COLLEAGUES = [
  { name: 'Brian Otieno', email: 'brian.otieno@jirani.co.ke', role: 'Manager' },
  { name: 'Faith Wambui Njoroge', email: 'faith.njoroge@jirani.co.ke', role: 'Accountant' },
  { name: 'Joseph Kiprono', email: 'joseph.kiprono@jirani.co.ke', role: 'Caretaker' },
] as const;
