import type { TranslationMessages } from 'react-admin';
import { raSwahili } from './ra-sw';
import { kejaSwahili } from './keja-sw';

export const swahiliMessages: TranslationMessages = { ...raSwahili, keja: kejaSwahili };
