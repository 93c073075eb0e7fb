import polyglotI18nProvider from 'ra-i18n-polyglot';
import { englishMessages } from '../i18n/en';

export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'sw', name: 'Kiswahili' },
];

// English ships with the first chunk; Swahili loads when chosen.
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'sw' ? import('../i18n/sw').then((m) => m.swahiliMessages) : englishMessages),
  'en',
  LOCALES,
  { allowMissing: true },
);
