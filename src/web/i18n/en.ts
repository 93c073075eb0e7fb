import englishRa from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { withDeclaredMessages } from './declared';
import { kejaEnglish } from './keja-en';
import { genericEnglish } from '../generic/messages-en';
import { moneyEnglish } from '../money/messages-en';
import { screensEnglish } from '../screens/i18n/en';
import { portfolioEnglish } from '../screens/portfolio/messages-en';

export const englishMessages: TranslationMessages = withDeclaredMessages({ ...englishRa, keja: kejaEnglish, ...genericEnglish, money: moneyEnglish, screens: screensEnglish, portfolio: portfolioEnglish }, 'en');
