import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { THEME_STORAGE_KEY } from './providers/store';
import { applyDarkClass } from './layout/ThemeClassSync';
import './index.css';

// Set the dark class before the first paint, from the stored choice or the system preference.
function initialDark(): boolean {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored) return JSON.parse(stored) === 'dark';
  } catch {
    /* ignore */
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}
applyDarkClass(initialDark());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
