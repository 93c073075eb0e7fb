// Reading the report endpoints and downloading their CSV/PDF. JSON goes through the app's HTTP
// client (cookies, CSRF, X-Tenant-Id, 401 rule). A download is fetched as a blob with the same
// X-Tenant-Id header: a plain link could not carry it, and the server would then answer for the
// session's organisation instead of the one on screen.
import { useCallback, useEffect, useState } from 'react';
import { HttpError } from 'react-admin';
import { API_URL, api, handleUnauthorized } from '../providers/http-client';
import { getSession, useSession } from '../session/session-store';

export type Query = Record<string, string | null | undefined>;

export function queryString(q: Query): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const getJson = <T,>(path: string, q: Query = {}) => api<T>(`${path}${queryString(q)}`);

export const postJson = <T,>(path: string, body: unknown) => api<T>(path, { method: 'POST', body });

/** The file name from Content-Disposition, else a fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return m ? decodeURIComponent(m[1]) : fallback;
}

/** GETs `path?format=csv|pdf` and saves the answer under the server's file name. */
export async function download(path: string, q: Query, format: 'csv' | 'pdf'): Promise<string> {
  const headers = new Headers({ Accept: format === 'pdf' ? 'application/pdf, application/json' : 'text/csv, application/json' });
  const org = getSession().organization;
  if (org?.id != null) headers.set('X-Tenant-Id', String(org.id));
  const res = await fetch(`${API_URL}${path}${queryString({ ...q, format })}`, { credentials: 'include', headers });
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
  const name = fileNameOf(res.headers.get('content-disposition'), `report.${format}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}

export interface Loaded<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
  reload: () => void;
}

/** GET a JSON report whenever `path` or the query changes; `path` null means "nothing to load yet". */
export function useReport<T>(path: string | null, q: Query = {}): Loaded<T> {
  // the organisation is part of the key: switching organisations loads its figures
  const org = useSession().organization?.id;
  const url = path === null ? null : `${path}${queryString(q)}`;
  const key = url === null ? null : `${org ?? ''}|${url}`;
  const [state, setState] = useState<{ key: string | null; data: T | null; error: Error | null }>({ key: null, data: null, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    api<T>(key.slice(key.indexOf('|') + 1)).then(
      (data) => live && setState({ key, data, error: null }),
      (error: unknown) => live && setState({ key, data: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  if (key === null) return { data: null, error: null, loading: false, reload };
  const current = state.key === key;
  return { data: current ? state.data : null, error: current ? state.error : null, loading: !current, reload };
}
