// CSV export of a list (react-admin's exporter, csv-stringify for the CSV): every readable field
// under its label, references as the target's title, choices as their labels, money as the
// API's decimal text (what spreadsheets read as a number).
import { useMemo } from 'react';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { downloadCSV, useTranslate, type Exporter, type RaRecord } from 'react-admin';
import { recordTitle, type Resource } from '../../shared/resource';
import { declaration } from './access';
import { labelsFor } from './labels';

type Translate = Parameters<typeof labelsFor>[0];

export async function exportRows(
  resource: Resource,
  records: RaRecord[],
  fetchRelated: (records: RaRecord[], field: string, resource: string) => Promise<Record<string, RaRecord>>,
  translate: Translate,
): Promise<{ columns: string[]; rows: string[][] }> {
  const labels = labelsFor(translate, resource);
  const fields = resource.fields.filter((f) => !f.writeOnly && f.kind !== 'json');
  const titles = new Map<string, Record<string, RaRecord>>();
  for (const f of fields) {
    if ((f.kind === 'reference' || f.kind === 'multi_reference') && records.some((r) => r[f.key] != null)) {
      titles.set(f.key, await fetchRelated(records, f.key, f.reference!));
    }
  }
  const yes = translate('generic.list.yes');
  const no = translate('generic.list.no');
  const columns = ['ID', ...fields.map((f) => labels.field(f.key))];
  const rows = records.map((r) => [
    String(r.id),
    ...fields.map((f) => {
      const v = r[f.key];
      if (v == null || v === '') return '';
      switch (f.kind) {
        case 'reference': {
          const target = titles.get(f.key)?.[String(v)];
          return target ? recordTitle(declaration(f.reference!), target) || String(v) : String(v);
        }
        case 'multi_reference':
          return (Array.isArray(v) ? v : [v])
            .map((id) => {
              const target = titles.get(f.key)?.[String(id)];
              return target ? recordTitle(declaration(f.reference!), target) : String(id);
            })
            .join('; ');
        case 'choice':
          return labels.choice(f.key, String(v));
        case 'multi_choice':
          return (Array.isArray(v) ? v : [v]).map((x) => labels.choice(f.key, String(x))).join('; ');
        case 'boolean':
          return v ? yes : no;
        default:
          return String(v);
      }
    }),
  ]);
  return { columns, rows };
}

export function useExporter(resource: Resource, filename: string): Exporter {
  const translate = useTranslate();
  return useMemo<Exporter>(
    () => async (records, fetchRelatedRecords) => {
      const { columns, rows } = await exportRows(resource, records, fetchRelatedRecords as never, translate);
      downloadCSV(stringify([columns, ...rows]), filename || resource.name);
    },
    [resource, translate, filename],
  );
}
