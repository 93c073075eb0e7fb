import englishRa from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { kejaEnglish } from './keja-en';

export const englishMessages: TranslationMessages = { ...englishRa, keja: kejaEnglish };
