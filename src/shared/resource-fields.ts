// Field groups several declarations share (payout details, penalty rules) and common choices.

import { choice, money, percent, phone, text, type Field } from './resource.js';

/** KRA PIN: A or P, nine digits, a letter (A123456789Z). */
export const KRA_PIN_PATTERN = '^[AP][0-9]{9}[A-Z]$';
export const kraPin = (key = 'kra_pin', group?: string): Field =>
  text(key, {
    normalize: 'upper', pattern: KRA_PIN_PATTERN, maxLength: 11,
    patternMessage: 'A KRA PIN is A or P, nine digits and a letter, e.g. A123456789B.',
    ...(group ? { group } : {}),
  });

export const PAYOUT_METHODS = ['bank', 'mpesa'] as const;

/** How an owner, aggregator or service provider is paid. */
export function payoutFields(): Field[] {
  const group = 'payout';
  return [
    choice('payout_method', PAYOUT_METHODS, { group }),
    text('payout_bank', { group, maxLength: 100 }),
    text('payout_bank_branch', { group, maxLength: 100 }),
    text('payout_account_name', { group, maxLength: 150 }),
    text('payout_account_number', { group, maxLength: 50 }),
    phone('payout_mpesa_phone', { group }),
  ];
}

export const PENALTY_TYPES = ['none', 'fixed', 'percent'] as const;
export const PENALTY_FREQUENCIES = ['once', 'daily'] as const;

/**
 * A penalty rule (product section 4.3). On properties and leases every field is optional: an
 * empty penalty_type means "inherit" (lease → property → organisation settings).
 */
export function penaltyFields(): Field[] {
  const group = 'penalty';
  return [
    choice('penalty_type', PENALTY_TYPES, { group }),
    money('penalty_amount', { group, min: 0 }),
    percent('penalty_rate', { group }),
    choice('penalty_frequency', PENALTY_FREQUENCIES, { group }),
    money('penalty_cap', { group, min: 0 }),
  ];
}

/** The 47 counties of Kenya (labels: counties.<value>). */
export const KENYA_COUNTIES = [
  'mombasa', 'kwale', 'kilifi', 'tana_river', 'lamu', 'taita_taveta', 'garissa', 'wajir', 'mandera',
  'marsabit', 'isiolo', 'meru', 'tharaka_nithi', 'embu', 'kitui', 'machakos', 'makueni', 'nyandarua',
  'nyeri', 'kirinyaga', 'muranga', 'kiambu', 'turkana', 'west_pokot', 'samburu', 'trans_nzoia',
  'uasin_gishu', 'elgeyo_marakwet', 'nandi', 'baringo', 'laikipia', 'nakuru', 'narok', 'kajiado',
  'kericho', 'bomet', 'kakamega', 'vihiga', 'bungoma', 'busia', 'siaya', 'kisumu', 'homa_bay',
  'migori', 'kisii', 'nyamira', 'nairobi',
] as const;

/** Day of the month for billing and due dates: 1–28 so every month has it. */
export const DAY_OF_MONTH = { min: 1, max: 28 } as const;
