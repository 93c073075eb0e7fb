// The dashboard's 12-month bars, billed beside collected (@mui/x-charts, loaded on its own).
import { BarChart } from '@mui/x-charts/BarChart';
import { chartNumber, money } from './format';

const BILLED = '#94a3b8';
const COLLECTED = '#059669';

const axis = (v: number) => (v >= 1_000_000 ? `${v / 1_000_000}M` : v >= 1000 ? `${v / 1000}k` : String(v));

export function MonthsChart({ months, labels, billedLabel, collectedLabel }: {
  months: Array<{ month: string; billed: string; collected: string }>;
  labels: string[];
  billedLabel: string;
  collectedLabel: string;
}) {
  return (
    <BarChart
      height={280}
      margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
      xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ width: 56, valueFormatter: axis }]}
      series={[
        { data: months.map((m) => chartNumber(m.billed)), label: billedLabel, color: BILLED, valueFormatter: (v) => money(String(v ?? 0)) },
        { data: months.map((m) => chartNumber(m.collected)), label: collectedLabel, color: COLLECTED, valueFormatter: (v) => money(String(v ?? 0)) },
      ]}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
    />
  );
}
