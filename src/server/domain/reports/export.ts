import PDFDocument from 'pdfkit';
import { formatCurrency, formatDateTime, formatDay } from '../../../shared/format.js';
import { writeCsv } from '../../csv.js';
import type { OrgInfo, ReportTable } from './common.js';

/** CSV: header facts, then the table (money as plain decimals, so spreadsheets sum them), totals; through the one writer (csv.ts). */
export function toCsv(t: ReportTable): string {
  const rows: Array<Array<string | null>> = [
    ...t.facts.map(([k, v]) => [k, v]),
    [],
    t.columns.map((c) => c.label),
    ...t.rows.map((r) => t.columns.map((c) => r[c.key] ?? '')),
  ];
  if (t.totals) rows.push(t.columns.map((c) => t.totals![c.key] ?? ''));
  rows.push([], ...t.summary.map(([k, v]) => [k, v]));
  return writeCsv(rows);
}

/** On paper every calendar day reads as on screen (25 Nov 2026); the CSV keeps ISO days for spreadsheets. */
const days = (text: string) => text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (d) => formatDay(d) || d);

/**
 * A printable A4 statement: organisation, title, facts, the table with repeated headers on each
 * page, totals, the summary and the organisation's statement footer; amounts in en-KE KES.
 */
export function toPdf(t: ReportTable, org: OrgInfo, generatedAt = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: `${t.title} — ${org.name}`, Author: org.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 40;

  doc.font('Helvetica-Bold').fontSize(16).text(org.name, left, 40);
  doc.font('Helvetica').fontSize(8).fillColor('#555')
    .text([org.address, org.kraPin && `KRA PIN ${org.kraPin}`].filter(Boolean).join(' · ') || ' ');
  doc.moveDown(0.6).fillColor('#000').font('Helvetica-Bold').fontSize(13).text(t.title);
  doc.moveDown(0.3).font('Helvetica').fontSize(9);
  for (const [k, v] of t.facts) doc.font('Helvetica-Bold').text(`${k}: `, { continued: true }).font('Helvetica').text(days(v) || '—');
  doc.moveDown(0.8);

  const fixed = t.columns.reduce((s, c) => s + (c.width ?? 0), 0);
  const flexible = t.columns.filter((c) => !c.width).length;
  const widths = t.columns.map((c) => c.width ?? Math.max(50, (width - fixed) / Math.max(1, flexible)));
  const scale = width / widths.reduce((a, b) => a + b, 0);
  const cols = widths.map((w) => w * scale);
  const cell = (v: string | null | undefined, money?: boolean) => (v === null || v === undefined || v === '' ? '' : money ? formatCurrency(v) : days(String(v)));

  const row = (values: Array<string>, opts: { bold?: boolean; shade?: boolean } = {}) => {
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    const h = Math.max(...values.map((v, i) => doc.heightOfString(v, { width: cols[i] - 6 }))) + 6;
    if (doc.y + h > bottom()) { doc.addPage(); header(); doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5); }
    const y = doc.y;
    if (opts.shade) doc.rect(left, y, width, h).fill('#eef2f5').fillColor('#000');
    let x = left;
    values.forEach((v, i) => {
      doc.text(v, x + 3, y + 3, { width: cols[i] - 6, align: t.columns[i].money ? 'right' : 'left', lineBreak: true });
      x += cols[i];
    });
    doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(0.3).strokeColor('#ccc').stroke();
    doc.x = left;
    doc.y = y + h;
  };
  const header = () => row(t.columns.map((c) => c.label), { bold: true, shade: true });
  header();
  for (const r of t.rows) row(t.columns.map((c) => cell(r[c.key], c.money)));
  if (t.totals) row(t.columns.map((c) => cell(t.totals![c.key], c.money)), { bold: true, shade: true });

  doc.moveDown(1);
  if (doc.y + t.summary.length * 14 > bottom()) doc.addPage();
  const labelW = width * 0.6;
  for (const [k, v, strong] of t.summary) {
    const y = doc.y;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 10 : 9);
    doc.text(days(k), left + width - labelW - 140, y, { width: labelW, align: 'right' });
    doc.text(formatCurrency(v), left + width - 130, y, { width: 130, align: 'right' });
    doc.x = left;
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom - 28;
    doc.font('Helvetica').fontSize(7).fillColor('#555');
    if (org.footer) doc.text(org.footer, left, y, { width: width - 120, height: 26, ellipsis: true });
    doc.text(`Generated ${formatDateTime(generatedAt)} (Nairobi) · Page ${i - range.start + 1} of ${range.count}`, left + width - 200, y, { width: 200, align: 'right' });
    doc.fillColor('#000');
  }
  doc.end();
  return done;
}
