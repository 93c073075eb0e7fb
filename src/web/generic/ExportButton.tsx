// The list's Export: the whole list as the user has it — every row matching the current search,
// filters (and the route's preset filter), in the current sort — written by the server
// (GET /<area>/export.csv streams past the list's 1,000-row pages), with headers and choice words
// in the user's language. Disabled while the list is empty; a failure says why.
import { useState } from 'react';
import { CircularProgress } from '@mui/material';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { Button, useListContext, useTranslate } from 'react-admin';
import { exportLabels, type ExportLabels } from '../../shared/csv-export';
import type { Resource } from '../../shared/resource';
import { useToast } from '../components/toast/ToastProvider';
import { describeFailure } from '../components/server-errors';
import { saveDownload, type Query } from './download';
import { labelsFor } from './labels';

type Translate = Parameters<typeof labelsFor>[0];

/**
 * Choice lists longer than this (the permission catalogue) are left to the server's English
 * words: the labels travel in the URL, which must stay well under the server's header limit.
 */
const MAX_SENT_CHOICES = 60;

/** The headers and words of the user's language for this area's export. */
export function exportLabelsFor(resource: Resource, translate: Translate): ExportLabels {
  const labels = labelsFor(translate, resource);
  const all = exportLabels(resource, {
    field: (k) => labels.field(k), choice: (k, v) => labels.choice(k, v),
    yes: translate('generic.list.yes'), no: translate('generic.list.no'),
  });
  all.fields.id = translate('generic.fields.id', { _: 'ID' });
  all.choices = Object.fromEntries(Object.entries(all.choices).filter(([, values]) => Object.keys(values).length <= MAX_SENT_CHOICES));
  return all;
}

/** The export's query: the list's filter (react-admin's permanent filter over the user's), sort and labels. */
export function exportQuery(
  list: { filter?: Record<string, unknown>; filterValues?: Record<string, unknown>; sort?: { field: string; order: string } },
  labels: ExportLabels,
): Query {
  const filter = { ...(list.filterValues ?? {}), ...(list.filter ?? {}) };
  return {
    filter: Object.keys(filter).length ? JSON.stringify(filter) : null,
    sort: list.sort?.field ? JSON.stringify([list.sort.field, list.sort.order]) : null,
    labels: JSON.stringify(labels),
  };
}

const today = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

export function ExportButton({ resource, filename }: { resource: Resource; filename: string }) {
  const list = useListContext();
  const translate = useTranslate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const query = exportQuery(list, exportLabelsFor(resource, translate));
      // a route of its own (the outbox) names the file after itself
      const name = filename && filename !== resource.name ? `${filename}-${today()}.csv` : undefined;
      await saveDownload(`/${resource.name}/export.csv`, query, 'text/csv', `${resource.name}.csv`, name);
    } catch (e) {
      toast.add({ severity: 'error', summary: translate('generic.list.export_failed'), detail: describeFailure(e).message ?? String(e), life: 6000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={() => void run()} disabled={!list.total || busy}>
      {busy ? <CircularProgress size={16} /> : <DownloadRoundedIcon />}
    </Button>
  );
}
