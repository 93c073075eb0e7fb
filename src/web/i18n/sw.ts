import type { TranslationMessages } from 'react-admin';
import { withDeclaredMessages } from './declared';
import { raSwahili } from './ra-sw';
import { kejaSwahili } from './keja-sw';
import { genericSwahili } from '../generic/messages-sw';
import { moneySwahili } from '../money/messages-sw';
import { screensSwahili } from '../screens/i18n/sw';
import { portfolioSwahili } from '../screens/portfolio/messages-sw';

export const swahiliMessages: TranslationMessages = withDeclaredMessages({ ...raSwahili, keja: kejaSwahili, ...genericSwahili, money: moneySwahili, screens: screensSwahili, portfolio: portfolioSwahili }, 'sw');
