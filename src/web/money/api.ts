// Reading the report endpoints and downloading their CSV/PDF. JSON goes through the app's HTTP
// client (cookies, CSRF, X-Tenant-Id, 401 rule); downloads through generic/download.ts, which
// sends the same X-Tenant-Id.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../providers/http-client';
import { useSession } from '../session/session-store';
import { saveDownload, type Query } from '../generic/download';

export type { Query };

export function queryString(q: Query): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const getJson = <T,>(path: string, q: Query = {}) => api<T>(`${path}${queryString(q)}`);

export const postJson = <T,>(path: string, body: unknown) => api<T>(path, { method: 'POST', body });

/** GETs `path?format=csv|pdf` and saves the answer under the server's file name. */
export const download = (path: string, q: Query, format: 'csv' | 'pdf'): Promise<string> =>
  saveDownload(path, { ...q, format }, format === 'pdf' ? 'application/pdf' : 'text/csv', `report.${format}`);

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
