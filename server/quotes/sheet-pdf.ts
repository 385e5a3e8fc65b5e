import type { DealSheet, SheetTable, TruthInLending } from "@shared/deal/deal-sheet";
import { SHEET_TEXT } from "@shared/text/sheet-messages";
import type PDFKit from "pdfkit";

// Issue #19: the deal sheet as a PDF, drawn with pdfkit (no browser) from the same model as the
// sheet page, so the PDF's text (pdftotext) holds the page's figures exactly. US Letter, one page
// for a normal deal: the breakdown on the left, the vehicle, choice and payment grids on the right.

const PAGE = { width: 612, height: 792, margin: 36 };
const LEFT = { x: PAGE.margin, width: 300 };
const RIGHT = { x: PAGE.margin + 318, width: PAGE.width - 2 * PAGE.margin - 318 };
const BOTTOM = PAGE.height - PAGE.margin;
const INK = "#111111";
const MUTED = "#555555";
const RULE = "#bbbbbb";

type Doc = InstanceType<typeof PDFKit>;

// pdfkit (with fontkit) is several MiB of code and memory: loaded with the first sheet, not at start (#15).
let pdfkit: Promise<typeof PDFKit> | undefined;

/**
 * The standard PDF fonts encode WinAnsi only; anything else (emoji, other scripts in a name) would
 * print as the wrong glyph, so it becomes "?" instead, visibly, never silently something else.
 */
function winAnsi(text: string): string {
  return text.replace(
    /[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\u2122\u00b7]/gu,
    "?",
  );
}

/** Renders the sheet to PDF bytes. */
export async function renderSheetPdf(sheet: DealSheet): Promise<Buffer> {
  pdfkit ??= import("pdfkit").then((module) => module.default);
  const PDFDocument = await pdfkit;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: PAGE.margin,
    info: {
      Title: winAnsi(`${sheet.title} · ${sheet.vehicle.description}`),
      Subject: winAnsi(`${sheet.stamp.heading} · ${sheet.stamp.fingerprint}`),
      Author: winAnsi(sheet.dealership.name),
      Creator: "DealDesk",
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc, sheet);
  doc.end();
  return done;
}

/** Writes text at (x, y) within width; returns the y below it. */
function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: { size: number; bold?: boolean; color?: string; align?: "left" | "right" | "center" },
): number {
  const clean = winAnsi(text);
  doc
    .font(style.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(style.size)
    .fillColor(style.color ?? INK);
  const height = doc.heightOfString(clean, { width });
  doc.text(clean, x, y, { width, align: style.align ?? "left", lineBreak: true });
  return y + height;
}

function rule(doc: Doc, y: number, x = PAGE.margin, width = PAGE.width - 2 * PAGE.margin) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** A new page when `needed` points do not fit below y; returns the y to draw at. */
function room(doc: Doc, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}

function draw(doc: Doc, sheet: DealSheet) {
  // Header: the dealership on the left, the sheet's identity on the right.
  let left = put(doc, sheet.dealership.name, LEFT.x, PAGE.margin, LEFT.width, { size: 15, bold: true });
  for (const line of sheet.dealership.lines) left = put(doc, line, LEFT.x, left, LEFT.width, { size: 9 });
  if (sheet.dealership.consultant)
    left = put(doc, sheet.dealership.consultant, LEFT.x, left, LEFT.width, { size: 9 });
  let right = put(doc, sheet.title, RIGHT.x, PAGE.margin, RIGHT.width, {
    size: 14,
    bold: true,
    align: "right",
  });
  right = put(doc, sheet.stamp.heading, RIGHT.x, right, RIGHT.width, { size: 9, bold: true, align: "right" });
  right = put(doc, sheet.stamp.detail, RIGHT.x, right, RIGHT.width, {
    size: 8,
    align: "right",
    color: MUTED,
  });
  right = put(doc, `${SHEET_TEXT.fingerprint} ${sheet.stamp.fingerprint}`, RIGHT.x, right, RIGHT.width, {
    size: 8,
    align: "right",
  });
  let y = Math.max(left, right) + 6;
  rule(doc, y);
  y += 8;

  // Issue #34: the box at the top, the one structure the customer signs for.
  const boxTop = y;
  const boxWidth = PAGE.width - 2 * PAGE.margin;
  let boxY = put(doc, `${sheet.agreement.heading}:`, PAGE.margin + 8, boxTop + 6, boxWidth - 16, {
    size: 8,
    bold: true,
    color: MUTED,
  });
  boxY = put(doc, sheet.agreement.text, PAGE.margin + 8, boxY, boxWidth - 16, { size: 11, bold: true });
  if (sheet.agreement.paidWith)
    boxY = put(doc, sheet.agreement.paidWith, PAGE.margin + 8, boxY, boxWidth - 16, { size: 9 });
  doc
    .rect(PAGE.margin, boxTop, boxWidth, boxY + 6 - boxTop)
    .lineWidth(1.25)
    .strokeColor(INK)
    .stroke();
  y = boxY + 14;
  if (sheet.truthInLending) y = drawTruthInLending(doc, sheet.truthInLending, y) + 10;

  // Vehicle, then the people (customer on the dealer's copy, and who accepted).
  let vehicleY = put(doc, sheet.vehicle.heading, LEFT.x, y, LEFT.width, {
    size: 8,
    bold: true,
    color: MUTED,
  });
  vehicleY = put(doc, sheet.vehicle.description, LEFT.x, vehicleY, LEFT.width, { size: 11, bold: true });
  if (sheet.vehicle.details.length > 0)
    vehicleY = put(doc, sheet.vehicle.details.join(" · "), LEFT.x, vehicleY, LEFT.width, { size: 8.5 });
  let peopleY = y;
  for (const block of [sheet.customer, sheet.acceptedBy]) {
    if (!block) continue;
    peopleY = put(doc, block.heading, RIGHT.x, peopleY, RIGHT.width, { size: 8, bold: true, color: MUTED });
    peopleY = put(doc, block.lines.join(" · "), RIGHT.x, peopleY, RIGHT.width, { size: 8.5 }) + 3;
  }
  y = Math.max(vehicleY, peopleY) + 6;
  rule(doc, y);
  y += 8;

  // Left: the breakdown. Right: the choice and the grids.
  const top = y;
  let l = put(doc, SHEET_TEXT.breakdown, LEFT.x, top, LEFT.width, { size: 9, bold: true });
  l += 2;
  for (const line of sheet.lines) {
    const indent = line.level === 1 ? 12 : 0;
    const size = line.level === 1 ? 8 : line.strong ? 10.5 : 9;
    const amountWidth = 90;
    l = room(doc, l, 14);
    if (line.strong) {
      rule(doc, l, LEFT.x, LEFT.width);
      l += 3;
    }
    const labelBottom = put(doc, line.label, LEFT.x + indent, l, LEFT.width - amountWidth - indent, {
      size,
      bold: line.strong,
      color: line.level === 1 ? MUTED : INK,
    });
    put(doc, line.amount, LEFT.x + LEFT.width - amountWidth, l, amountWidth, {
      size,
      bold: line.strong,
      align: "right",
      color: line.level === 1 ? MUTED : INK,
    });
    l = labelBottom;
    if (line.note)
      l = put(doc, line.note, LEFT.x + indent, l, LEFT.width - amountWidth, { size: 7.5, color: MUTED });
    l += line.level === 1 ? 1 : 2.5;
  }

  let r = top;
  if (sheet.tables.length > 0)
    r = put(doc, SHEET_TEXT.payments, RIGHT.x, r, RIGHT.width, { size: 9, bold: true }) + 2;
  for (const table of sheet.tables) r = drawTable(doc, table, r) + 6;

  // Disclosures and signatures under both columns.
  y = Math.max(l, r) + 6;
  y = room(doc, y, 120);
  rule(doc, y);
  y += 6;
  y = put(doc, SHEET_TEXT.disclosures, PAGE.margin, y, PAGE.width - 2 * PAGE.margin, { size: 8, bold: true });
  for (const text of sheet.disclosures)
    y = put(doc, text, PAGE.margin, y, PAGE.width - 2 * PAGE.margin, { size: 7.5, color: MUTED }) + 1;
  y = room(doc, y + 30, 30);
  const gap = 18;
  const width =
    (PAGE.width - 2 * PAGE.margin - gap * (sheet.signatures.length - 1)) / sheet.signatures.length;
  sheet.signatures.forEach((label, i) => {
    const x = PAGE.margin + i * (width + gap);
    doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.75)
      .strokeColor(INK)
      .stroke();
    put(doc, `${label}`, x, y + 3, width * 0.65, { size: 8 });
    put(doc, SHEET_TEXT.signatureDate, x + width * 0.65, y + 3, width * 0.35, { size: 8, align: "right" });
  });
}

/** Issue #46/#49: the Truth-in-Lending box, four boxes side by side and the payment schedule. */
function drawTruthInLending(doc: Doc, til: TruthInLending, top: number): number {
  const width = PAGE.width - 2 * PAGE.margin;
  let y = put(doc, til.heading, PAGE.margin + 8, top + 6, width - 16, { size: 8, bold: true, color: MUTED });
  const gap = 6;
  const boxWidth = (width - 16 - gap * (til.boxes.length - 1)) / til.boxes.length;
  let bottom = y;
  til.boxes.forEach((box, i) => {
    const x = PAGE.margin + 8 + i * (boxWidth + gap);
    let by = put(doc, box.label, x + 4, y + 3, boxWidth - 8, { size: 8, bold: true });
    by = put(doc, box.amount, x + 4, by, boxWidth - 8, { size: 11, bold: true });
    by = put(doc, box.note, x + 4, by, boxWidth - 8, { size: 7, color: MUTED });
    bottom = Math.max(bottom, by + 3);
  });
  til.boxes.forEach((_, i) => {
    const x = PAGE.margin + 8 + i * (boxWidth + gap);
    doc
      .rect(x, y, boxWidth, bottom - y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  });
  y = put(doc, til.schedule, PAGE.margin + 8, bottom + 4, width - 16, { size: 8.5 });
  doc
    .rect(PAGE.margin, top, width, y + 6 - top)
    .lineWidth(1.25)
    .strokeColor(INK)
    .stroke();
  return y + 6;
}

/** One grid: a title, a header row of terms, a row per cash down; the chosen cell in bold. */
function drawTable(doc: Doc, table: SheetTable, top: number): number {
  let y = room(doc, top, 20 + 12 * (table.rows.length + 1));
  y = put(doc, table.title, RIGHT.x, y, RIGHT.width, { size: 8.5, bold: true }) + 1;
  const columns = table.head.length;
  const cell = RIGHT.width / columns;
  const row = (cells: string[], bold: (col: number) => boolean, color = INK) => {
    let bottom = y;
    cells.forEach((text, col) => {
      bottom = Math.max(
        bottom,
        put(doc, text, RIGHT.x + col * cell, y, cell - 2, {
          size: 8,
          bold: bold(col),
          align: col === 0 ? "left" : "right",
          color,
        }),
      );
    });
    y = bottom + 1.5;
  };
  row(table.head, () => true, MUTED);
  rule(doc, y - 1, RIGHT.x, RIGHT.width);
  table.rows.forEach((cells, i) => {
    row(cells, (col) => table.selected !== null && table.selected[0] === i && table.selected[1] === col);
  });
  for (const note of table.notes) y = put(doc, note, RIGHT.x, y, RIGHT.width, { size: 7, color: MUTED });
  return y;
}
