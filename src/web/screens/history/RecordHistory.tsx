// The history panel as a generic form's `related` extension (expenses, incomes).
import type { RaRecord } from 'react-admin';
import { HistoryPanel } from './HistoryPanel';

export function historyOf(resource: string) {
  function RecordHistory({ record }: { record: RaRecord }) {
    return <HistoryPanel resource={resource} id={String(record.id)} version={record.updated_at} />;
  }
  return RecordHistory;
}
