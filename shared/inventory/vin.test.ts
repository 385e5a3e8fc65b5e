import { describe, expect, it } from "vitest";
import { mapHeaders, parseConditionCell, parseMoneyCell } from "./import-columns";
import { INVENTORY_MSG } from "./inventory-text";
import { checkVin, vinCheckDigit, vinMaker, vinModelYear, withCheckDigit } from "./vin";
import { KNOWN_WMIS } from "./wmi";

describe("VIN checks", () => {
  it.each([
    ["1HGCM82633A004352", "3"],
    ["11111111111111111", "1"],
    ["1M8GDM9AXKP042788", "X"],
    ["5YJ3E1EA7PF000001", vinCheckDigit("5YJ3E1EA7PF000001")],
  ])("the check digit of %s is %s", (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
  });

  it("refuses a wrong check digit with the expected one, and a VIN with I, O or Q", () => {
    expect(checkVin({ vin: "1HGCM82643A004352" }).errors).toEqual([
      { field: "vin", message: "VIN check digit does not match (expected 3)" },
    ]);
    expect(checkVin({ vin: "1M8GDM9A1KP042788" }).errors[0]?.message).toBe(INVENTORY_MSG.vinCheckDigit("X"));
    expect(checkVin({ vin: "1HGCM8263OA004352" }).errors).toEqual([
      { field: "vin", message: INVENTORY_MSG.vinInvalid },
    ]);
    expect(checkVin({ vin: "1HGCM82633A00435" }).errors).toHaveLength(1);
    expect(checkVin({ vin: "" })).toEqual({ errors: [], warnings: [], hints: {} });
  });

  it("decodes the model year and the maker as hints; a year or make that disagrees is a warning", () => {
    expect(vinModelYear("1HGCM82633A004352")).toBe(2003);
    expect(vinModelYear(withCheckDigit("5YJ3E1EA0PF000001"))).toBe(2023);
    expect(vinModelYear(withCheckDigit("1FTFW1E50NKD00001"))).toBe(2022);
    expect(vinMaker("1HGCM82633A004352")).toBe("Honda");
    expect(vinMaker("ZZZCM82633A004352")).toBeNull();
    const check = checkVin({ vin: "1HGCM82633A004352", year: 2004, make: "Acura" });
    expect(check.errors).toEqual([]);
    expect(check.hints).toEqual({ year: 2003, make: "Honda" });
    expect(check.warnings).toEqual([
      { field: "year", message: "The VIN says model year 2003" },
      { field: "make", message: "The VIN says the maker is Honda" },
    ]);
    expect(checkVin({ vin: "1HGCM82633A004352", year: 2003, make: "honda" }).warnings).toEqual([]);
  });

  it("saves a pre-1981 or foreign VIN unchecked: only its characters are checked", () => {
    expect(checkVin({ vin: "124379N123456", notChecked: true })).toEqual({
      errors: [],
      warnings: [],
      hints: {},
    });
    expect(checkVin({ vin: "124379N123456" }).errors).toHaveLength(1);
    expect(checkVin({ vin: "12437-9N", notChecked: true }).errors).toHaveLength(1);
  });

  it("every bundled WMI makes valid VINs", () => {
    for (const [wmi] of KNOWN_WMIS)
      expect(checkVin({ vin: withCheckDigit(`${wmi}AB12C0RA123456`.slice(0, 17)) }).errors).toEqual([]);
  });
});

describe("DMS columns and cells", () => {
  it("maps the usual header synonyms case-insensitively; unknown and repeated columns are ignored", () => {
    const { columns, byIndex } = mapHeaders([
      "\uFEFFSTOCK #",
      "StockNo",
      "vin",
      "Ext Color",
      "MILES",
      "N/U",
      "Selling Price",
      "Invoice",
      "Image URL",
      "Lot",
    ]);
    expect(columns).toEqual({
      "\uFEFFSTOCK #": "stockNumber",
      StockNo: null,
      vin: "vin",
      "Ext Color": "color",
      MILES: "mileage",
      "N/U": "condition",
      "Selling Price": "price",
      Invoice: "cost",
      "Image URL": "photoUrl",
      Lot: null,
    });
    expect(byIndex[1]).toBeNull();
  });

  it("reads money as DMSs write it and new or used from N/U", () => {
    expect(parseMoneyCell("$32,995.00")).toBe(32995);
    expect(parseMoneyCell(" 1200 ")).toBe(1200);
    expect(parseMoneyCell("")).toBeNull();
    expect(parseMoneyCell("32,99")).toBeNaN();
    expect(parseMoneyCell("-5")).toBeNaN();
    expect(parseConditionCell("N")).toBe("new");
    expect(parseConditionCell("u")).toBe("used");
    expect(parseConditionCell("Used")).toBe("used");
    expect(parseConditionCell("demo")).toBeNull();
  });
});
