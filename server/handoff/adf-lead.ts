import { formatCustomerPhone } from "@shared/core/format";
import { formatMoney, toCents } from "@shared/core/money";
import { TEXT } from "@shared/text/page-text";
import { PAYMENT_REQUEST_TEXT } from "@shared/text/solve-text";
import type { OutgoingMail } from "../mail/mailer";
import type { QuoteEventData } from "../quotes/event-data";
import type { DecodedTradeIn } from "./trade-in-decode";

// Issue #39: one ADF 1.0 lead (the auto industry's lead format, read by every CRM's lead inbox)
// per accepted deal, mailed to the dealership's CRM lead address as a plain-text body that is the
// XML itself, and attached as lead.xml. README "Leads to the CRM" shows an example.

/** XML text and attribute values: & < > " ' escaped, and characters XML 1.0 forbids dropped. */
const escapeXml = (value: string | number): string =>
  String(value)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(
      /[&<>"']/g,
      (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] as string,
    );

/** An amount in dollars with two decimals ("31234.50"). */
const amount = (dollars: number) => (toCents(dollars) / 100).toFixed(2);

/** ISO 8601 with the offset spelled out: "2026-11-26T19:28:17+00:00". */
const adfDate = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, "+00:00");

const element = (name: string, value: string | number | null | undefined, attributes = "") =>
  value === null || value === undefined || value === ""
    ? ""
    : `<${name}${attributes}>${escapeXml(value)}</${name}>`;

const money = (name: string, type: string, dollars: number) =>
  `<${name} type="${type}" currency="USD">${amount(dollars)}</${name}>`;

/** "Pat Q. Shopper" → first "Pat", last "Q. Shopper". */
function nameParts(full: string): { first: string; last: string } {
  const [first = "", ...rest] = full.trim().split(/\s+/);
  return { first, last: rest.join(" ") };
}

/**
 * Issue #38: a payment request's lead names the request first in its comments; issue #47: one
 * that carries several (held since the quote's last lead) then lists them, oldest first.
 */
type LeadData = QuoteEventData & {
  paymentRequest?: { text?: unknown };
  paymentRequests?: { text?: unknown }[];
  tradeInDecoded?: DecodedTradeIn;
};

/**
 * `leadId`: the lead's own id where the deal has no version to name it by (a payment request: each
 * request is a lead of its own, so a CRM that drops repeated ids keeps them all).
 */
export function adfLeadXml(data: LeadData, at: number, providerUrl: string, leadId?: string): string {
  const { quote, customer, dealership } = data;
  const vehicle = quote.vehicle;
  const structure = quote.selectedStructure;
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<?adf version="1.0"?>', "<adf>"];
  lines.push('<prospect status="new">');
  lines.push(
    `<id sequence="1" source="DealDesk">${escapeXml(quote.version?.fingerprint ?? leadId ?? quote.id)}</id>`,
  );
  lines.push(`<requestdate>${adfDate(at)}</requestdate>`);
  if (vehicle) {
    const interest = structure?.kind === "lease" ? "lease" : "buy";
    lines.push(`<vehicle interest="${interest}" status="${vehicle.condition}">`);
    lines.push(element("year", vehicle.year));
    lines.push(element("make", vehicle.make));
    lines.push(element("model", vehicle.model ?? vehicle.description));
    lines.push(element("vin", vehicle.vin));
    lines.push(element("stock", vehicle.stockNumber));
    lines.push(element("trim", vehicle.trim));
    lines.push(`<odometer status="original" units="mi">${escapeXml(vehicle.mileage)}</odometer>`);
    if (vehicle.color)
      lines.push(
        `<colorcombination><exteriorcolor>${escapeXml(vehicle.color)}</exteriorcolor></colorcombination>`,
      );
    if (structure) {
      lines.push(money("price", "quote", structure.price));
      lines.push("<finance>");
      lines.push(`<method>${structure.kind}</method>`);
      if (structure.kind !== "cash") lines.push(money("amount", "monthly", structure.monthlyPayment));
      lines.push(money("amount", "downpayment", structure.downPayment));
      if (structure.kind === "lease") lines.push(money("balance", "residual", structure.residualValue));
      lines.push("</finance>");
    }
    lines.push("</vehicle>");
  }
  const trade = quote.tradeIn;
  if (trade) {
    lines.push('<vehicle interest="trade-in" status="used">');
    const decoded = data.tradeInDecoded;
    if (decoded) {
      // Issue #50: the description did not say the car; its VIN does (trade-in-decode.ts).
      lines.push(element("year", decoded.year));
      lines.push(element("make", decoded.make));
      lines.push(element("model", decoded.model));
    } else lines.push(element("model", trade.description));
    lines.push(element("vin", trade.vin));
    if (decoded) lines.push(element("trim", decoded.trim));
    lines.push(`<odometer status="original" units="mi">${escapeXml(trade.mileage)}</odometer>`);
    lines.push(money("price", "appraisal", trade.value));
    lines.push(`<finance><method>finance</method>${money("balance", "finance", trade.payoff)}</finance>`);
    if (decoded) lines.push(element("comments", trade.description));
    lines.push("</vehicle>");
  }
  lines.push("<customer>", "<contact>");
  const name = nameParts(customer?.name ?? "");
  lines.push(`<name part="first">${escapeXml(name.first)}</name>`);
  lines.push(`<name part="last">${escapeXml(name.last)}</name>`);
  lines.push(element("email", customer?.email));
  lines.push(element("phone", customer?.phone ? formatCustomerPhone(customer.phone) : null, ' type="voice"'));
  lines.push("</contact>");
  const request = typeof data.paymentRequest?.text === "string" ? data.paymentRequest.text : "";
  const held = (data.paymentRequests ?? []).flatMap((each) =>
    typeof each.text === "string" ? [each.text] : [],
  );
  const comments = [
    request ? `${request}.` : "",
    held.length > 1 ? `${PAYMENT_REQUEST_TEXT.folded(held.length, held)}.` : "",
    structure ? `${structure.text}.` : "",
    quote.outTheDoorPrice !== null ? `Out the door: ${formatMoney(toCents(quote.outTheDoorPrice))}.` : "",
    `Quote: ${quote.url}`,
  ].filter(Boolean);
  lines.push(`<comments>${escapeXml(comments.join(" "))}</comments>`);
  lines.push("</customer>");
  lines.push("<vendor>");
  lines.push(`<vendorname>${escapeXml(dealership.name)}</vendorname>`);
  lines.push("<contact>");
  lines.push(`<name part="full">${escapeXml(quote.salesperson.name)}</name>`);
  lines.push(element("email", quote.salesperson.email));
  lines.push(element("phone", dealership.phone, ' type="voice"'));
  lines.push("</contact>");
  lines.push("</vendor>");
  lines.push("<provider>");
  lines.push(`<name part="full">${TEXT.productName}</name>`);
  lines.push(`<url>${escapeXml(providerUrl)}</url>`);
  lines.push("</provider>");
  lines.push("</prospect>", "</adf>");
  return `${lines.filter(Boolean).join("\n")}\n`;
}

/** The mail a CRM's lead inbox takes: the XML as the whole text/plain body, and as lead.xml. */
export function adfLeadMail(
  to: string,
  data: LeadData,
  at: number,
  providerUrl: string,
  leadId?: string,
): OutgoingMail {
  const xml = adfLeadXml(data, at, providerUrl, leadId);
  const vehicle = data.quote.vehicle?.description ?? data.quote.id;
  return {
    to,
    subject:
      `${data.paymentRequest ? "Payment request" : "Lead"}: ${vehicle}${data.customer?.name ? ` for ${data.customer.name}` : ""}`.slice(
        0,
        200,
      ),
    text: xml,
    attachments: [{ filename: "lead.xml", content: xml, contentType: "application/xml; charset=utf-8" }],
  };
}
