// The words of inventory (issue #37): the messages the form, the API and the import share, and
// the page's words. One place, so the form and the API never disagree.

import { MSG } from "../text/messages";

export const VEHICLE_CONDITIONS = ["new", "used"] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];
export const STOCK_STATUSES = ["available", "pending", "sold"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const INVENTORY_MSG = {
  stockNumberRequired: "Stock number is required",
  yearRequired: "Year is required",
  yearInvalid: "Year must be a whole number from 1900 to next year",
  makeRequired: "Make is required",
  modelRequired: "Model is required",
  priceRequired: "Price is required",
  conditionInvalid: "Condition must be new or used (N or U)",
  statusInvalid: "Status must be available, pending or sold",
  vinInvalid: MSG.vinInvalid,
  vinUncheckedInvalid: "A VIN is at most 17 letters and digits",
  vinCheckDigit: (expected: string) => `VIN check digit does not match (expected ${expected})`,
  vinYearDiffers: (year: number) => `The VIN says model year ${year}`,
  vinMakeDiffers: (make: string) => `The VIN says the maker is ${make}`,
  /** Issue #50: the decode endpoints' refusals. */
  vinDecodeCheckDigit: "VIN check digit does not match",
  vinNotFound: "No vehicle found for this VIN",
  vinDecodeUnavailable: "VIN decoding is not available right now; type the vehicle instead",
  /** Issue #50: a stock row whose VIN decodes to another car (a warning: the row is still imported). */
  vinDecodesToOther: (decoded: { year: number | null; make: string }, row: string) =>
    `VIN decodes to a ${[decoded.year, decoded.make].filter(Boolean).join(" ")}, the row says ${row}`,
  moneyInvalid: "Enter an amount such as $32,995.00",
  mileageInvalid: "Mileage must be a whole number, 0 or more",
  duplicateStockNumber: "Another vehicle has this stock number",
  duplicateVin: "Another vehicle has this VIN",
  duplicateStockNumberInFile: (line: number) => `The same stock number is on line ${line}`,
  duplicateVinInFile: (line: number) => `The same VIN is on line ${line}`,
  vehicleNotFound: "Vehicle not found",
  writeForbidden: "Only owners and managers can change inventory",
  importNotCsv: "Send the file as text/csv",
  importTooLarge: "The file is too large (limit 5 MiB)",
  importTooManyRows:
    "The file has more than 5,000 lines after the header (blank lines count); split it into smaller files",
  importLineTooLong: (line: number) =>
    `Line ${line} is longer than 64 KiB; check that the file is your DMS's inventory export`,
  importTooSlow: "The file took too long to read (limit 10 seconds); split it into smaller files",
  importEmpty: "The file has no vehicles",
  importUnreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  importMissingColumn: (label: string) => `The file has no ${label} column`,
  anotherDealAccepted: (date: string) => `Another deal on this vehicle was accepted on ${date}`,
  vehicleSold: "This vehicle is sold",
  quoteNotFromStock: "This quote was not made from a vehicle in stock",
  inventoryIdRequired: "Choose a vehicle from stock",
  someoneElseWorking: (name: string) => `${name} is working a quote on this vehicle right now`,
  loadFailed: "Failed to load inventory",
  importReadFailed: "The file could not be read",
  importFailed: "The file could not be imported",
  saveFailed: "Failed to save the vehicle",
  vehicleCreated: "Vehicle added",
  vehicleUpdated: "Vehicle saved",
  vehicleDeleted: "Vehicle deleted",
  vehicleMarkedSold: "Vehicle marked sold",
} as const;

export const STATUS_LABELS: Record<StockStatus, string> = {
  available: "Available",
  pending: "Pending",
  sold: "Sold",
};

export const INVENTORY_TEXT = {
  title: "Inventory",
  nav: "Inventory",
  searchPlaceholder: "Search by stock number, VIN, make or model",
  statusFilter: "Status",
  allStatuses: "All",
  empty: "No vehicles in stock yet.",
  emptyHint: "Bring your stock in from your DMS's CSV export, or add a vehicle by hand.",
  noMatch: "No vehicles match your search.",
  importFromDms: "Import from your DMS",
  importCsv: "Import CSV",
  addVehicle: "Add vehicle",
  editVehicle: "Edit vehicle",
  createQuote: "Create quote",
  markSold: "Mark sold",
  delete: "Delete",
  loading: "Loading inventory...",
  columns: {
    stockNumber: "Stock #",
    vehicle: "Vehicle",
    vin: "VIN",
    mileage: "Miles",
    price: "Price",
    cost: "Cost",
    status: "Status",
    quotes: "Quotes",
  },
  fields: {
    stockNumber: "Stock #",
    vin: "VIN",
    vinNotChecked: "VIN not checked (pre-1981 or non-North-American)",
    year: "Year",
    make: "Make",
    model: "Model",
    trim: "Trim",
    color: "Exterior color",
    mileage: "Mileage",
    condition: "Condition",
    msrp: "MSRP",
    price: "Price",
    cost: "Cost",
    status: "Status",
    photoUrl: "Photo URL",
  },
  conditionLabels: { new: "New", used: "Used" } as Record<VehicleCondition, string>,
  vinHint: (year: number | undefined, make: string | undefined) =>
    `The VIN says: ${[year, make].filter((part) => part !== undefined).join(" ")}`,
  useHint: "Use these",
  save: "Save",
  cancel: "Cancel",
  importTitle: "Import from your DMS",
  importChoose: "CSV file",
  importChooseHint: "Your DMS's inventory export (.csv, up to 5,000 vehicles)",
  importChecking: "Reading the file...",
  importMapping: "Columns",
  importIgnored: "ignored",
  importFirstRows: "First rows",
  importErrors: "Rows with errors (skipped)",
  importWarnings: "Rows with warnings (imported)",
  importLine: (line: number) => `Line ${line}`,
  /** A skipped row named by its line, stock number and VIN (#51): "Line 4 (stock P300, VIN …)". */
  importRow: (line: number, stockNumber: string, vin: string) => {
    const names = [stockNumber && `stock ${stockNumber}`, vin && `VIN ${vin}`].filter(Boolean);
    return names.length > 0 ? `Line ${line} (${names.join(", ")})` : `Line ${line}`;
  },
  importLineHeader: "Line",
  actions: "Actions",
  actionsFor: (label: string) => `Actions for ${label}`,
  importSummary: (created: number, updated: number, unchanged: number) =>
    `${created} new, ${updated} updated, ${unchanged} unchanged`,
  importButton: "Import",
  importing: "Importing...",
  imported: (created: number, updated: number, unchanged: number, skipped = 0) =>
    `Imported: ${created} new, ${updated} updated, ${unchanged} unchanged${
      skipped === 0 ? "" : `; ${skipped === 1 ? "1 row" : `${skipped} rows`} skipped (see Last import)`
    }`,
  deleteTitle: "Delete vehicle",
  deleteConfirm: (label: string) =>
    `Delete ${label}? A vehicle with quotes is marked sold instead, so its quotes keep it.`,
  fromStock: "From stock",
  vehicleSource: "Vehicle",
  clearFile: "Clear file",
  byHand: "Enter by hand",
  fromStockSearch: "Search stock by stock number, VIN or model",
  fromStockNone: "No available vehicle matches.",
  quoteCount: (count: number) => (count === 1 ? "1 quote" : `${count} quotes`),
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}; search to narrow it down`,
} as const;

/** The vehicle as a quote and the list describe it: "2024 Honda Accord EX". */
export const stockVehicleDescription = (v: { year: number; make: string; model: string; trim: string }) =>
  [String(v.year), v.make, v.model, v.trim].filter((part) => part.trim() !== "").join(" ");

/** Issue #50: the words of VIN decoding and of Scan VIN, where a VIN is typed or scanned. */
export const VIN_TEXT = {
  looking: "Looking up the VIN...",
  filled: (description: string) => `Filled in from the VIN: ${description}`,
  says: (description: string) => `The VIN says: ${description}`,
  useThis: "Use this",
  notFound: "No vehicle found for this VIN; type the vehicle instead",
  scanVin: "Scan VIN",
  scanTitle: "Scan the VIN barcode",
  scanHint:
    "Point the camera at the VIN barcode on the driver's door jamb or at the bottom of the windshield.",
  starting: "Starting the camera...",
  scanning: "Looking for a VIN barcode...",
  cameraDenied:
    "The camera is not allowed for this page. Allow it in your browser's settings, or type the 17 characters instead.",
  noCamera: "No camera was found. Type the 17 characters instead.",
  unreadable:
    "The barcode could not be read as a VIN. Move closer and hold steady, or type the 17 characters instead.",
  unsupported: "This browser cannot read barcodes. Type the 17 characters instead.",
  scanned: (vin: string) => `Read ${vin}`,
  close: "Close",
  cameraLabel: "Camera view",
} as const;
