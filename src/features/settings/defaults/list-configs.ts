import type { DefaultAddOn, DefaultFee, DefaultTax } from "@shared/core/api-types";
import { amountToInput, formatPercent, parseAmountInput } from "@shared/core/format";
import { formatDollars } from "@shared/core/money";
import { DESK_SETTINGS_TEXT, type DefaultListKind, QUOTE_DEFAULTS_TEXT } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import {
  type DefaultAddOnValues,
  defaultAddOnSummary,
  validateDefaultAddOn,
} from "@shared/validation/default-add-ons";
import {
  type DefaultFeeValues,
  defaultFeeSummary,
  validateDefaultFee,
} from "@shared/validation/default-fees";
import {
  type DefaultTaxValues,
  defaultTaxSummary,
  parseRateInput,
  validateDefaultTax,
} from "@shared/validation/default-taxes";
import type { ListEndpoint } from "./defaults-api";

export type FormValues = Record<string, string>;

export interface ListField<V extends FormValues> {
  key: keyof V & string;
  label: string;
  /** money: digits and one point, formatted on blur (spec §5); rate: a percent. */
  input: "text" | "money" | "rate";
  required?: boolean;
}

/** Everything that differs between the four default lists; the editor is the same for all. */
export interface DefaultListConfig<Item extends { id: string }, V extends FormValues> extends ListEndpoint {
  kind: DefaultListKind;
  /** Page heading. */
  title: string;
  /** In accessible names: 'New add-on', 'Edit add-on Floor mats'. */
  noun: string;
  fields: ListField<V>[];
  emptyValues: V;
  toValues(item: Item): V;
  toBody(values: V): unknown;
  validate(values: V): Partial<Record<keyof V & string, string>>;
  /** The banner for a refused save ('Name and price are required'). */
  summary(values: V): string | undefined;
  /** What the dealer calls the item: its name, or a tax's description. */
  itemName(item: Item): string;
  /** The second line of a row ('' for none). */
  itemDetail(item: Item): string;
  /** Issue #38: more of that line for owners and managers only (an add-on's cost). */
  ownerDetail?(item: Item): string;
  /** The figure shown on the row: '$199.99', '6.25%'. */
  itemFigure(item: Item): string;
  /** Spec §8: fee deletes also ask the browser's confirm, after the dialog. */
  browserConfirm?: string;
}

const nameField = { key: "name", label: "Name", input: "text", required: true } as const;
const descriptionField = { key: "description", label: "Description", input: "text" } as const;

export const addOnsConfig: DefaultListConfig<DefaultAddOn, DefaultAddOnValues & FormValues> = {
  kind: "addOn",
  path: "addons",
  listKey: "addons",
  itemKey: "addon",
  title: QUOTE_DEFAULTS_TEXT.addOns,
  noun: "add-on",
  fields: [
    nameField,
    descriptionField,
    { key: "price", label: "Price", input: "money", required: true },
    // Issue #38: dealer-private (the add-on gross); blank means not entered.
    { key: "cost", label: DESK_SETTINGS_TEXT.addOnCost, input: "money" },
  ],
  emptyValues: { name: "", description: "", price: "", cost: "" },
  toValues: (item) => ({
    name: item.name,
    description: item.description,
    price: amountToInput(item.price),
    cost: item.cost === undefined ? "" : amountToInput(item.cost),
  }),
  toBody: (values) => ({
    name: values.name,
    description: values.description,
    price: parseAmountInput(values.price),
    cost: (values.cost ?? "").trim() === "" ? null : parseAmountInput(values.cost ?? ""),
  }),
  validate: validateDefaultAddOn,
  summary: defaultAddOnSummary,
  itemName: (item) => item.name,
  itemDetail: (item) => item.description,
  ownerDetail: (item) =>
    item.cost === undefined ? "" : DESK_SETTINGS_TEXT.addOnCostFigure(formatDollars(item.cost)),
  itemFigure: (item) => formatDollars(item.price),
};

export const taxesConfig: DefaultListConfig<DefaultTax, DefaultTaxValues & FormValues> = {
  kind: "taxRate",
  path: "taxes",
  listKey: "taxes",
  itemKey: "tax",
  title: QUOTE_DEFAULTS_TEXT.taxes,
  noun: "tax rate",
  fields: [
    { key: "description", label: "Description", input: "text", required: true },
    { key: "rate", label: "Rate (%)", input: "rate", required: true },
  ],
  emptyValues: { description: "", rate: "" },
  toValues: (item) => ({ description: item.description, rate: String(item.rate) }),
  toBody: (values) => ({ description: values.description, rate: parseRateInput(values.rate) }),
  validate: validateDefaultTax,
  summary: defaultTaxSummary,
  itemName: (item) => item.description,
  itemDetail: () => "",
  itemFigure: (item) => formatPercent(item.rate),
};

function feeConfig(
  kind: "dealerFee" | "governmentFee",
): DefaultListConfig<DefaultFee, DefaultFeeValues & FormValues> {
  const dealer = kind === "dealerFee";
  return {
    kind,
    path: dealer ? "dealer-fees" : "government-fees",
    listKey: dealer ? "dealerFees" : "governmentFees",
    itemKey: dealer ? "dealerFee" : "governmentFee",
    title: dealer ? QUOTE_DEFAULTS_TEXT.dealerFees : QUOTE_DEFAULTS_TEXT.governmentFees,
    noun: dealer ? "dealer fee" : "government fee",
    fields: [nameField, descriptionField, { key: "amount", label: "Amount", input: "money", required: true }],
    emptyValues: { name: "", description: "", amount: "" },
    toValues: (item) => ({
      name: item.name,
      description: item.description,
      amount: amountToInput(item.amount),
    }),
    toBody: (values) => ({
      name: values.name,
      description: values.description,
      amount: parseAmountInput(values.amount),
    }),
    validate: validateDefaultFee,
    summary: defaultFeeSummary,
    itemName: (item) => item.name,
    itemDetail: (item) => item.description,
    itemFigure: (item) => formatDollars(item.amount),
    browserConfirm: dealer ? MSG.confirmDeleteDealerFee : MSG.confirmDeleteGovernmentFee,
  };
}

export const dealerFeesConfig = feeConfig("dealerFee");
export const governmentFeesConfig = feeConfig("governmentFee");
