// The one layout every tenant document shares (invoice, receipt, statement): the organisation's
// letterhead, the document's title and facts, the tenant and where to pay, a table whose header
// repeats on every page, a totals block, and a footer with the page count. Standard PDF fonts
// (Helvetica): they cover English, Swahili and "KES", keep text extractable, and need no font file.
import PDFDocument from 'pdfkit';
import type { Letterhead } from './letterhead.js';
import { moment } from './money-text.js';

export interface Column {
  key: string;
  label: string;
  /** points; the columns without one share what is left */
  width?: number;
  align?: 'left' | 'right';
}

export interface Block {
  heading: string;
  lines: Array<string | null | undefined | false>;
}

export interface DocumentSpec {
  /** 'Invoice', 'Receipt', 'Tenant statement' */
  title: string;
  /** the number on every page's continuation header: 'INV-0042' */
  reference: string;
  /** label/value pairs beside the title (number, dates, status) */
  facts: Array<[string, string]>;
  /** the tenant, the house, how to pay */
  blocks: Block[];
  columns: Column[];
  rows: Array<Record<string, string>>;
  /** rows drawn bold and shaded (opening balance) */
  strongRows?: Set<number>;
  /** label/value pairs under the table, right-aligned; the third flag draws it bold */
  totals: Array<[string, string, boolean?]>;
  /** short paragraphs after the totals (how the payment was allocated, a void note) */
  notes?: string[];
  /** a large word across the first page ('VOID', 'PAID') */
  stamp?: string | null;
}

const MARGIN = 40;
const INK = '#111';
const MUTED = '#555';
const RULE = '#c8cdd2';
const SHADE = '#eef2f5';

export function renderDocument(spec: DocumentSpec, org: Letterhead, generatedAt = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: `${spec.title} ${spec.reference} — ${org.name}`, Author: org.name, Creator: 'Keja' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 36;

  // ---- letterhead (first page) ----
  let textLeft = left;
  if (org.logo) {
    try {
      doc.image(org.logo, left, MARGIN, { fit: [64, 64] });
      textLeft = left + 76;
    } catch {
      // an image pdfkit cannot read is left off rather than failing the document
    }
  }
  const headW = width * 0.55 - (textLeft - left);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(15).text(org.name || ' ', textLeft, MARGIN, { width: headW });
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  for (const line of [org.address, org.kra_pin && `KRA PIN: ${org.kra_pin}`, [org.phone, org.email].filter(Boolean).join(' · ')]) {
    if (line) doc.text(line, textLeft, doc.y, { width: headW });
  }
  const headBottom = Math.max(doc.y, org.logo ? MARGIN + 64 : 0);

  // title and facts on the right
  const factsX = left + width * 0.58;
  const factsW = width * 0.42;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(spec.title.toUpperCase(), factsX, MARGIN, { width: factsW, align: 'right' });
  doc.moveDown(0.2).fontSize(8.5);
  for (const [k, v] of spec.facts) {
    const y = doc.y;
    doc.font('Helvetica').fillColor(MUTED).text(k, factsX, y, { width: factsW * 0.45 });
    doc.font('Helvetica-Bold').fillColor(INK).text(v || '—', factsX + factsW * 0.45, y, { width: factsW * 0.55, align: 'right' });
  }
  let y = Math.max(headBottom, doc.y) + 12;
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.8).strokeColor(INK).stroke();
  y += 10;

  // ---- blocks: tenant, house, how to pay ----
  if (spec.blocks.length) {
    const gap = 12;
    const bw = (width - gap * (spec.blocks.length - 1)) / spec.blocks.length;
    let tallest = y;
    spec.blocks.forEach((b, i) => {
      const x = left + i * (bw + gap);
      doc.font('Helvetica-Bold').fontSize(7.5).fillColor(MUTED).text(b.heading.toUpperCase(), x, y, { width: bw, characterSpacing: 0.4 });
      doc.moveDown(0.15).font('Helvetica').fontSize(9).fillColor(INK);
      b.lines.filter((l): l is string => typeof l === 'string' && l !== '').forEach((l, j) => {
        doc.font(j === 0 ? 'Helvetica-Bold' : 'Helvetica').text(l, x, doc.y, { width: bw });
      });
      tallest = Math.max(tallest, doc.y);
    });
    y = tallest + 14;
  }

  if (spec.stamp) {
    doc.save().rotate(-20, { origin: [left + width / 2, 420] }).font('Helvetica-Bold').fontSize(90).fillColor('#c0392b').opacity(0.12)
      .text(spec.stamp, left, 380, { width, align: 'center' }).restore();
    doc.opacity(1).fillColor(INK);
  }

  // ---- the table ----
  const fixed = spec.columns.reduce((s, c) => s + (c.width ?? 0), 0);
  const flexible = spec.columns.filter((c) => !c.width).length;
  const cols = spec.columns.map((c) => c.width ?? Math.max(60, (width - fixed) / Math.max(1, flexible)));
  const scale = width / cols.reduce((a, b) => a + b, 0);
  const w = cols.map((c) => c * scale);

  doc.x = left;
  doc.y = y;
  const row = (values: string[], opts: { bold?: boolean; shade?: boolean; header?: boolean } = {}) => {
    doc.font(opts.bold || opts.header ? 'Helvetica-Bold' : 'Helvetica').fontSize(opts.header ? 8 : 8.5);
    const h = Math.max(...values.map((v, i) => doc.heightOfString(v || ' ', { width: w[i] - 8 }))) + 8;
    if (!opts.header && doc.y + h > bottom()) {
      doc.addPage();
      continuation();
      header();
      doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    }
    const top = doc.y;
    if (opts.shade || opts.header) doc.rect(left, top, width, h).fill(opts.header ? '#dfe6ec' : SHADE);
    doc.fillColor(INK);
    let x = left;
    values.forEach((v, i) => {
      doc.text(v || '', x + 4, top + 4, { width: w[i] - 8, align: spec.columns[i].align ?? 'left' });
      x += w[i];
    });
    doc.moveTo(left, top + h).lineTo(left + width, top + h).lineWidth(0.4).strokeColor(RULE).stroke();
    doc.x = left;
    doc.y = top + h;
  };
  const header = () => row(spec.columns.map((c) => c.label), { header: true });
  // later pages: who and what this is, so a loose page 2 still says whose document it is
  const continuation = () => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(`${org.name} — ${spec.title} ${spec.reference}`, left, MARGIN, { width });
    const tenant = spec.blocks[0]?.lines.find((l): l is string => typeof l === 'string' && l !== '');
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(`${tenant ? `${tenant} · ` : ''}continued`, left, doc.y, { width });
    doc.fillColor(INK);
    doc.y += 8;
  };
  header();
  spec.rows.forEach((r, i) => row(spec.columns.map((c) => r[c.key] ?? ''), { bold: spec.strongRows?.has(i), shade: spec.strongRows?.has(i) }));

  // ---- totals: kept together on one page ----
  doc.y += 10;
  const labelW = width * 0.45;
  const valueW = 120;
  const totalsHeight = spec.totals.reduce((h, [, , strong]) => h + (strong ? 18 : 14), 0);
  if (doc.y + totalsHeight > bottom()) { doc.addPage(); continuation(); }
  for (const [k, v, strong] of spec.totals) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 10.5 : 9);
    const ty = doc.y;
    if (strong) doc.rect(left + width - labelW - valueW - 8, ty - 3, labelW + valueW + 8, 18).fill(SHADE).fillColor(INK);
    doc.text(k, left + width - labelW - valueW - 4, ty, { width: labelW, align: 'right' });
    doc.text(v, left + width - valueW, ty, { width: valueW - 4, align: 'right' });
    doc.x = left;
    doc.y = ty + (strong ? 18 : 14);
  }
  for (const note of spec.notes ?? []) {
    doc.font('Helvetica').fontSize(8.5).fillColor(INK);
    if (doc.y + doc.heightOfString(note, { width }) + 8 > bottom()) { doc.addPage(); continuation(); }
    doc.y += 6;
    doc.text(note, left, doc.y, { width });
  }

  // ---- footer on every page ----
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const fy = doc.page.height - MARGIN - 22;
    doc.moveTo(left, fy - 4).lineTo(left + width, fy - 4).lineWidth(0.4).strokeColor(RULE).stroke();
    doc.font('Helvetica').fontSize(7).fillColor(MUTED);
    // text at the page's foot sits inside the bottom margin: lineBreak false keeps pdfkit from adding a page
    if (org.footer) doc.text(org.footer, left, fy, { width: width - 190, height: 20, ellipsis: true });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, left + width - 180, fy, { width: 180, align: 'right', lineBreak: false });
    doc.text(`Generated ${moment(generatedAt)}`, left + width - 180, fy + 9, { width: 180, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
