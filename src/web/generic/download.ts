// Saving a file the API writes (a list's CSV, a rent roll's PDF). Fetched with the active
// organisation's X-Tenant-Id like every other call — a plain link could not carry it and would be
// answered for the session's organisation instead of the one on screen — then handed to the
// browser's downloads under the server's file name.
import { HttpError } from 'react-admin';
import { API_URL, handleUnauthorized } from '../providers/http-client';
import { getSession } from '../session/session-store';

export type Query = Record<string, string | null | undefined>;

export function apiUrl(path: string, query: Query = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) p.set(k, v);
  const s = p.toString();
  return `${API_URL}${path}${s ? `?${s}` : ''}`;
}

/** The file name from Content-Disposition, else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return m ? decodeURIComponent(m[1]) : fallback;
}

/** GETs the file and saves it; `name` overrides the server's file name. Resolves to the name used. */
export async function saveDownload(path: string, query: Query, accept: string, fallback: string, name?: string): Promise<string> {
  const headers = new Headers({ Accept: `${accept}, application/json` });
  const org = getSession().organization;
  if (org?.id != null) headers.set('X-Tenant-Id', String(org.id));
  const res = await fetch(apiUrl(path, query), { credentials: 'include', headers });
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized();
    let message = res.statusText;
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new HttpError(message || `HTTP ${res.status}`, res.status, null);
  }
  const blob = await res.blob();
  const file = name ?? fileNameFrom(res.headers.get('content-disposition'), fallback);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return file;
}
