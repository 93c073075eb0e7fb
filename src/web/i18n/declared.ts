// An area's own messages (its declaration's `translations`), laid under the app's messages: an
// area written after this file needs no line here nor in the en/sw message files. The message
// files' resources.<name> entries, where they exist, win (they were written first).
import type { TranslationMessages } from 'react-admin';
import { allDeclarations } from '../../../resources/index';

export function withDeclaredMessages(messages: TranslationMessages, language: 'en' | 'sw'): TranslationMessages {
  const declared = (messages.resources ?? {}) as Record<string, object>;
  const resources: Record<string, object> = {};
  for (const r of allDeclarations) {
    const own = r.translations?.[language];
    resources[r.name] = own ? { ...own, ...declared[r.name] } : declared[r.name];
  }
  for (const [name, m] of Object.entries(declared)) resources[name] ??= m;
  return { ...messages, resources: Object.fromEntries(Object.entries(resources).filter(([, m]) => m)) } as TranslationMessages;
}
