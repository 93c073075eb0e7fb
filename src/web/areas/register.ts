// An area's custom screens live in one folder named after it, src/web/screens/<area>/, whose
// index calls extendArea(); every such folder is picked up here by Vite's import.meta.glob, so a
// new folder needs no line anywhere. The generic list and form are the default for the rest.
// (The money screens register from src/web/money/, which extends several money areas at once.)
import.meta.glob(['../screens/*/index.ts', '../screens/*/index.tsx', '../money/register.ts'], { eager: true });
export {};
