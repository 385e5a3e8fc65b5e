import { DEAL_OFFER_TEXT } from "../text/deal-offer-text";
// Issue #19: the deal sheet ("worksheet") of a version or of the current deal, as one model of
// ready-printed strings. The sheet page (/quote/<id>/sheet) and the PDF (…/sheet.pdf) both draw
// this model and nothing else, so paper, screen and PDF carry the same figures to the cent.

import type { QuoteDealership } from "../core/api-types";
import { creditTierLabel, vehicleIsNew } from "../core/constants";
import {
  customerPhoneDigits,
  formatCustomerPhone,
  formatDealerPhone,
  formatMileage,
  formatPercent,
} from "../core/format";
import { formatMoney, toCents } from "../core/money";
import type { CustomerInfo, QuoteData, ShopperChoice } from "../schemas/quote-schema";
import { QUOTE_TEXT, TEXT } from "../text/page-text";
import { SHEET_TEXT } from "../text/sheet-messages";
import type { FinanceResult } from "./deal-types";
import { leaseDisclosureLines } from "./lease-lines";
import { type PresentedDeal, presentedOf } from "./presented-deal";
import { type Breakdown, computeBreakdown } from "./pricing";
import { type SelectedDeal, selectedStructure } from "./selected-structure";
import type { StructureGrids } from "./structure-grid";

/** What a sheet is drawn from: a stored version's snapshot, or the current deal taken the same way. */
export type SheetSource = {
  data: QuoteData;
  breakdown: Breakdown;
  grids: StructureGrids;
  dealership: QuoteDealership;
  choice: ShopperChoice | null;
  shopperContact: { name: string; phone: string; email: string } | null;
  customer: CustomerInfo | null;
  /**
   * Issue #34: the one structure the deal presents, as it was when the snapshot was taken. Versions
   * stored before it have none: it is then worked out from `data` and `choice`. Issue #46: with the
   * presented deal's terms and figures (versions stored before it have its words only).
   */
  selected?: SheetSelection;
};

/** The presented deal as a sheet keeps it: its terms and figures, its words, a lease's disclosure lines. */
type SheetSelection = Partial<PresentedDeal> & {
  text: string;
  lines: SheetLine[] | null;
  paidWith: string | null;
};

type SheetStamp = {
  /** Null for the current deal (not a stored version). */
  number: number | null;
  kind: "saved" | "accepted" | "counter" | null;
  /** ISO time: the version's, or when the current deal was read. */
  at: string;
  fingerprint: string;
};

type SheetLine = {
  label: string;
  amount: string;
  /** 1: a detail row under the line above (an add-on, a fee, a tax). */
  level: 0 | 1;
  strong?: boolean;
  note?: string;
};

export type SheetTable = {
  /** The structure the table belongs to: the sheet shows the selected structure's only. */
  kind: "finance" | "lease";
  title: string;
  head: string[];
  rows: string[][];
  /** The shopper's chosen cell: [row, column] of `rows` (the first column is the down label). */
  selected: [number, number] | null;
  notes: string[];
};

export type DealSheet = {
  title: string;
  stamp: { heading: string; detail: string; at: string; fingerprint: string };
  dealership: { name: string; lines: string[]; consultant: string };
  /** The dealer's customer record: dealer's copy only. */
  customer: { heading: string; lines: string[] } | null;
  /** What the shopper sent with an acceptance (both copies: it is the shopper's own). */
  acceptedBy: { heading: string; lines: string[] } | null;
  vehicle: { heading: string; description: string; details: string[] };
  /** Issue #34: the box at the top, "You are agreeing to: Lease, 36 months, …". */
  agreement: { heading: string; text: string; paidWith: string | null };
  lines: SheetLine[];
  /** Issue #46/#49: a finance sheet's Truth-in-Lending box (exact: the final payment absorbs the rounding). */
  truthInLending: TruthInLending | null;
  tables: SheetTable[];
  disclosures: string[];
  signatures: string[];
};

export type TruthInLending = {
  heading: string;
  boxes: { label: string; amount: string; note: string }[];
  schedule: string;
};

/** The federal box of a finance deal: APR, finance charge, amount financed, total of payments, schedule. */
function truthInLendingOf(result: FinanceResult): TruthInLending | null {
  if (result.amountFinanced <= 0) return null;
  const regular = result.finalPayment === result.payment ? result.months : result.months - 1;
  return {
    heading: SHEET_TEXT.truthInLending,
    boxes: [
      {
        label: SHEET_TEXT.annualPercentageRate,
        amount: formatPercent(result.aprPercent),
        note: SHEET_TEXT.aprNote,
      },
      {
        label: SHEET_TEXT.financeCharge,
        amount: formatMoney(result.financeCharge),
        note: SHEET_TEXT.financeChargeNote,
      },
      {
        label: SHEET_TEXT.amountFinanced,
        amount: formatMoney(result.amountFinanced),
        note: SHEET_TEXT.amountFinancedNote,
      },
      {
        label: SHEET_TEXT.totalOfPayments,
        amount: formatMoney(result.totalOfPayments),
        note: SHEET_TEXT.totalOfPaymentsNote,
      },
    ],
    schedule:
      regular === result.months
        ? SHEET_TEXT.schedule(regular, formatMoney(result.payment))
        : SHEET_TEXT.scheduleWithFinal(
            regular,
            formatMoney(result.payment),
            formatMoney(result.finalPayment),
          ),
  };
}

/** The finance figures the sheet presents (the snapshot's deal with its choice), or null. */
function sheetFinance(source: SheetSource): FinanceResult | null {
  const data = source.choice ? { ...source.data, shopperChoice: source.choice } : source.data;
  const { selection } = selectedStructure(data);
  return selection.kind === "finance" ? selection.result : null;
}

const dealershipLines = (d: QuoteDealership): string[] => {
  const cityLine = [d.city, [d.state, d.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [d.streetAddress, cityLine, d.phoneNumber ? formatDealerPhone(d.phoneNumber) : ""].filter(Boolean);
};

const contactLines = (c: { name: string; phone?: string; email?: string }): string[] =>
  [c.name, c.phone ? formatCustomerPhone(customerPhoneDigits(c.phone)) : "", c.email ?? ""].filter(Boolean);

/** "November 24, 2026 at 3:42 PM EST" in the given time zone (the server's when none is given). */
function sheetDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** A time zone name the runtime knows, else undefined (never trust a query string). */
export function knownTimeZone(raw: string | undefined | null): string | undefined {
  if (!raw || raw.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: raw });
    return raw;
  } catch {
    return undefined;
  }
}

function breakdownLines(data: QuoteData, b: Breakdown): SheetLine[] {
  const lines: SheetLine[] = [];
  const line = (label: string, cents: number, extra: Partial<SheetLine> = {}) =>
    lines.push({ label, amount: formatMoney(cents), level: 0, ...extra });
  const detail = (label: string, cents: number) =>
    lines.push({ label, amount: formatMoney(cents), level: 1 });

  line(TEXT.advertisedPrice, b.advertisedPrice);
  if (b.discount > 0) line(TEXT.discount, -b.discount);
  line(TEXT.sellingPrice, b.sellingPrice);
  line(TEXT.addOns, b.addOnsTotal, { note: TEXT.selectedCount(b.selectedAddOnCount) });
  for (const addOn of b.addOns) detail(addOn.name, addOn.price);
  if (data.tradeIn.hasTradeIn) {
    const { vehicle } = data.tradeIn;
    const note = [vehicle.description, vehicle.mileage ? formatMileage(vehicle.mileage) : ""]
      .filter(Boolean)
      .join(" · ");
    line(TEXT.tradeInValue, -b.tradeInValue, {
      note: vehicle.value === undefined ? QUOTE_TEXT.tradeInNotAppraised : note || undefined,
    });
  }
  line(TEXT.fees, b.dealerFeesTotal);
  for (const fee of b.dealerFees) detail(fee.name, fee.amount);
  line(TEXT.taxableAmount, b.taxableAmount);
  line(TEXT.taxes, b.taxesTotal);
  for (const tax of b.taxes) detail(`${tax.name} (${formatPercent(tax.rate)})`, tax.amount);
  line(TEXT.titleAndRegistration, b.governmentFeesTotal);
  for (const fee of b.governmentFees) detail(fee.name, fee.amount);
  line(TEXT.totalBalance, b.totalBalance);
  if (b.rebates.length > 0) {
    line(QUOTE_TEXT.rebates, -b.rebatesTotal);
    for (const rebate of b.rebates) detail(rebate.name, -rebate.amount);
  }
  line(TEXT.downPayment, b.downPayment);
  if (data.tradeIn.hasTradeIn) line(TEXT.amountOwedOnTradeIn, b.amountOwedOnTradeIn);
  if (b.tradeInExcess > 0) line(TEXT.tradeInExcess, -b.tradeInExcess);
  line(TEXT.outTheDoorPrice, b.outTheDoorPrice, { strong: true });
  if (b.dueToCustomer > 0)
    line(QUOTE_TEXT.dueToCustomer, b.dueToCustomer, { strong: true, note: QUOTE_TEXT.dueToCustomerNote });
  return lines;
}

const monthsHead = (terms: readonly number[]) => [SHEET_TEXT.down, ...terms.map((m) => `${m} mo`)];

/** The grid cell a sheet boxes: the presented deal's structure, term and down payment. */
type SheetCell = { structure: "finance" | "lease"; months: number; downCents: number };

/** Issue #46: a grid's down column; the deal's own down when it is not one of the grid's rows. */
const downLabel = (row: { downCents: number; own?: true }) =>
  row.own ? SHEET_TEXT.yourDown(formatMoney(row.downCents)) : formatMoney(row.downCents);

function structureTables(
  grids: StructureGrids,
  tier: QuoteData["selectedCreditTier"],
  cell: SheetCell | null,
) {
  const tables: SheetTable[] = [];
  const selectedIn = (kind: "finance" | "lease", terms: readonly number[], downs: readonly number[]) => {
    if (!cell || cell.structure !== kind) return null;
    const row = downs.indexOf(cell.downCents);
    const col = terms.indexOf(cell.months);
    return row === -1 || col === -1 ? null : ([row, col + 1] as [number, number]);
  };
  if (!grids.hidden.includes("finance")) {
    const { terms, rows } = grids.finance;
    const aprs = terms
      .map((months, i) => `${months} mo ${formatPercent(rows[0]?.cells[i]?.aprPercent ?? 0)}`)
      .join(", ");
    tables.push({
      kind: "finance",
      title: SHEET_TEXT.financeTitle(creditTierLabel(tier)),
      head: monthsHead(terms),
      rows: rows.map((row) => [downLabel(row), ...row.cells.map((result) => formatMoney(result.payment))]),
      selected: selectedIn(
        "finance",
        terms,
        rows.map((r) => r.downCents),
      ),
      notes: [SHEET_TEXT.aprs(aprs)],
    });
  }
  const lease = grids.lease;
  if (lease && !grids.hidden.includes("lease")) {
    const residuals = lease.terms
      .map((months, i) => {
        const percent = lease.residualPercents[i];
        return `${months} mo ${percent === null || percent === undefined ? "—" : formatPercent(percent)}`;
      })
      .join(", ");
    const downs = lease.rows.map((r) => r.downCents);
    tables.push({
      kind: "lease",
      title: SHEET_TEXT.leaseTitle(creditTierLabel(lease.tier)),
      head: monthsHead(lease.terms),
      rows: lease.rows.map((row) => [
        downLabel(row),
        ...row.cells.map((result) =>
          result?.available ? formatMoney(result.monthlyPayment) : result ? SHEET_TEXT.notOffered : "—",
        ),
      ]),
      selected: selectedIn("lease", lease.terms, downs),
      notes: [SHEET_TEXT.moneyFactor(lease.moneyFactor.toFixed(5)), SHEET_TEXT.residuals(residuals)],
    });
    tables.push({
      kind: "lease",
      title: SHEET_TEXT.leaseDueTitle,
      head: monthsHead(lease.terms),
      rows: lease.rows.map((row) => [
        downLabel(row),
        ...row.cells.map((result) =>
          result?.available ? formatMoney(result.amountDueAtSigning) : result ? SHEET_TEXT.notOffered : "—",
        ),
      ]),
      selected: selectedIn("lease", lease.terms, downs),
      notes: [],
    });
  }
  return tables;
}

/** The snapshot's selected structure: stored with it, or worked out for a version from before issue #34. */
export function sheetSelection(source: SheetSource): SheetSelection {
  if (source.selected) return source.selected;
  const data = source.choice ? { ...source.data, shopperChoice: source.choice } : source.data;
  return selectionForSheet(selectedStructure(data));
}

/** What a sheet keeps of a selection: the presented deal (issue #46), and a lease's disclosure lines. */
export function selectionForSheet(selected: SelectedDeal): SheetSelection {
  const { selection } = selected;
  const presented = presentedOf(selected);
  if (selection.kind !== "lease") return { ...presented, lines: null, paidWith: null };
  const lines = leaseDisclosureLines(selected.data, computeBreakdown(selected.data), selection).map(
    (line): SheetLine => ({ ...line }),
  );
  return { ...presented, lines, paidWith: paidWithText(selection.result) };
}

/** The cell a sheet boxes: the presented deal's (an older version's: its choice with the down it named). */
function sheetCell(source: SheetSource, selected: SheetSelection): SheetCell | null {
  if (selected.structure) {
    if (selected.structure === "cash" || selected.months === undefined) return null;
    return { structure: selected.structure, months: selected.months, downCents: toCents(selected.down ?? 0) };
  }
  const choice = source.choice as (ShopperChoice & { down?: number }) | null;
  if (!choice || choice.structure === "cash") return null;
  return { structure: choice.structure, months: choice.months, downCents: toCents(choice.down ?? 0) };
}

/** "Paid with $9,800.00 trade-in, $1,234.56 cash" (only the parts there are). */
function paidWithText(result: {
  tradeInApplied: number;
  rebatesApplied: number;
  cashDueAtSigning: number;
}): string {
  const parts = [
    result.tradeInApplied > 0 ? DEAL_OFFER_TEXT.paidTradeIn(formatMoney(result.tradeInApplied)) : "",
    result.rebatesApplied > 0 ? DEAL_OFFER_TEXT.paidRebates(formatMoney(result.rebatesApplied)) : "",
    DEAL_OFFER_TEXT.paidCash(formatMoney(result.cashDueAtSigning)),
  ].filter(Boolean);
  return DEAL_OFFER_TEXT.paidWith(parts.join(", "));
}

/** The structure a snapshot from before issue #34 presented when no choice was made. */
function defaultKind(source: SheetSource): "cash" | "finance" | "lease" {
  return source.grids.hidden.includes("finance") ? "cash" : "finance";
}

/** The sheet of one version (or of the current deal) for the dealer's copy or the shopper's. */
export function buildDealSheet(
  source: SheetSource,
  stamp: SheetStamp,
  copy: "dealer" | "shopper",
  timeZone?: string,
): DealSheet {
  const { data, breakdown, grids, dealership, choice } = source;
  const vehicle = data.vehicle;
  const date = sheetDate(stamp.at, timeZone);
  const visibleChoice =
    choice && choice.structure !== "cash" && grids.hidden.includes(choice.structure) ? null : choice;
  const selected = sheetSelection(source);
  // Issue #34: the sheet carries the selected structure's figures only: a lease its disclosure
  // lines and grids, a finance deal its breakdown and finance grid, a cash deal its breakdown.
  const kind = selected.lines
    ? "lease"
    : (selected.structure ?? visibleChoice?.structure ?? defaultKind(source));
  return {
    title: SHEET_TEXT.title,
    stamp: {
      heading:
        stamp.number === null ? SHEET_TEXT.currentDeal : SHEET_TEXT.versionHeading(stamp.number, stamp.kind),
      detail: stamp.number === null ? SHEET_TEXT.currentDealDetail(date) : SHEET_TEXT.savedAt(date),
      at: date,
      fingerprint: stamp.fingerprint,
    },
    dealership: {
      name: dealership.dealershipName || TEXT.productName,
      lines: dealershipLines(dealership),
      consultant: dealership.consultant ? SHEET_TEXT.consultant(dealership.consultant) : "",
    },
    customer:
      copy === "dealer" && source.customer && source.customer.name
        ? { heading: SHEET_TEXT.customer, lines: contactLines(source.customer) }
        : null,
    // The link's sheet names who accepted by their initials, with the time (issue #33).
    acceptedBy: source.shopperContact
      ? {
          heading: SHEET_TEXT.acceptedBy,
          lines: copy === "dealer" ? contactLines(source.shopperContact) : [source.shopperContact.name, date],
        }
      : null,
    vehicle: {
      heading: SHEET_TEXT.vehicle,
      description: vehicle.description,
      details: [
        vehicleIsNew(vehicle) ? SHEET_TEXT.new : SHEET_TEXT.used,
        vehicle.vin ? SHEET_TEXT.vin(vehicle.vin) : "",
        vehicle.stockNumber ? SHEET_TEXT.stock(vehicle.stockNumber) : "",
        vehicle.mileage ? formatMileage(vehicle.mileage) : "",
        vehicle.color ?? "",
      ].filter(Boolean),
    },
    agreement: { heading: DEAL_OFFER_TEXT.agreeingTo, text: selected.text, paidWith: selected.paidWith },
    lines: selected.lines ?? breakdownLines(data, breakdown),
    truthInLending: kind === "finance" ? truthInLendingFromSource(source) : null,
    tables: structureTables(grids, data.selectedCreditTier, sheetCell(source, selected)).filter(
      (table) => table.kind === kind,
    ),
    disclosures: [
      ...(kind === "finance" ? [SHEET_TEXT.ratesDisclosure] : []),
      ...(kind === "lease" ? [SHEET_TEXT.leaseDisclosure] : []),
      SHEET_TEXT.taxDisclosure,
    ],
    signatures: [SHEET_TEXT.customerSignature, SHEET_TEXT.consultantSignature, SHEET_TEXT.managerSignature],
  };
}

function truthInLendingFromSource(source: SheetSource): TruthInLending | null {
  const result = sheetFinance(source);
  return result ? truthInLendingOf(result) : null;
}

/** Every string of the sheet in reading order: what the PDF must hold as text (tests compare). */
export function sheetStrings(sheet: DealSheet): string[] {
  return [
    sheet.title,
    sheet.stamp.heading,
    sheet.stamp.detail,
    sheet.stamp.fingerprint,
    sheet.dealership.name,
    ...sheet.dealership.lines,
    sheet.dealership.consultant,
    ...(sheet.customer?.lines ?? []),
    ...(sheet.acceptedBy?.lines ?? []),
    sheet.vehicle.description,
    ...sheet.vehicle.details,
    sheet.agreement.heading,
    sheet.agreement.text,
    sheet.agreement.paidWith ?? "",
    ...sheet.lines.flatMap((line) => [line.label, line.amount, line.note ?? ""]),
    ...(sheet.truthInLending
      ? [
          sheet.truthInLending.heading,
          ...sheet.truthInLending.boxes.flatMap((box) => [box.label, box.amount, box.note]),
          sheet.truthInLending.schedule,
        ]
      : []),
    ...sheet.tables.flatMap((table) => [table.title, ...table.head, ...table.rows.flat(), ...table.notes]),
    ...sheet.disclosures,
    ...sheet.signatures,
  ].filter(Boolean);
}
