import { describe, expect, it } from "vitest";
import { csvField, csvRecord, neutraliseFormula } from "./csv";

describe("CSV fields (RFC 4180)", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["Smith, Jo", '"Smith, Jo"'],
    ['the "Deluxe" pack', '"the ""Deluxe"" pack"'],
    ["two\nlines", '"two\nlines"'],
    ["cr\r\nlf", '"cr\r\nlf"'],
  ])("writes %j as %j", (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it("writes numbers as numbers and null as an empty field", () => {
    expect(csvField(1234.5)).toBe("1234.5");
    expect(csvField(-12)).toBe("-12");
    expect(csvField(null)).toBe("");
  });

  it("ends a record with CRLF", () => {
    expect(csvRecord(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});

describe("formula neutralisation", () => {
  it.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+1 555 0100", "'+1 555 0100"],
    ["-5", "'-5"],
    ["@cmd", "'@cmd"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["\u200B=1+1", "'\u200B=1+1"],
    ["\uFEFF\u200C\u2060@SUM(1)", "'\uFEFF\u200C\u2060@SUM(1)"],
    ["\uFF1DSUM(A1)", "'\uFF1DSUM(A1)"],
    ["\uFF0B1", "'\uFF0B1"],
    ["\uFF0D1", "'\uFF0D1"],
    ["\uFF20cmd", "'\uFF20cmd"],
    ["\u200B\uFF1D1", "'\u200B\uFF1D1"],
    ["\u200BAnn", "\u200BAnn"],
    ["Ｈonda", "Ｈonda"],
    ["a=b", "a=b"],
    ["Ann-Marie", "Ann-Marie"],
  ])("prefixes %j with a quote when it starts a formula", (text, written) => {
    expect(neutraliseFormula(text)).toBe(written);
  });

  it("quotes a neutralised cell that also needs quoting", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});
