// Maandishi ya Kiswahili ya vitendo vya hati (kupakua PDF, kuituma kwa barua pepe) na ya kupunguza
// ankara: mti ule ule wa funguo kama messages-en.ts.
import type { documentsEnglish } from './messages-en';

export const documentsSwahili: typeof documentsEnglish = {
  documents: {
    pdf: 'Pakua PDF',
    email: 'Tuma kwa mpangaji',
    email_title: 'Tuma %{what} kwa barua pepe',
    email_message: 'PDF inatumwa kama kiambatisho. Acha anwani wazi ili itumwe kwa barua pepe ya mpangaji mwenyewe.',
    to: 'Anwani ya barua pepe (si lazima)',
    sent: 'Imetumwa kwa %{to}',
    failed: 'Barua pepe haikuweza kutumwa: %{error}',
    download_failed: 'PDF haikuweza kupakuliwa',
    invoice: 'ankara %{number}',
    receipt: 'risiti %{number}',
    statement: 'taarifa ya akaunti',
  },
  credit: {
    action: 'Punguza',
    title: 'Punguza ankara %{number}',
    message: 'Ankara inadai kiasi hiki kidogo zaidi. Kwenye ankara iliyolipwa, kile ambacho malipo yake hayahitaji tena kinakuwa salio la mpangaji.',
    amount: 'Kiasi cha kupunguza (KES)',
    at_most: 'Isizidi %{amount}',
    done: 'Ankara imepunguzwa',
  },
};
