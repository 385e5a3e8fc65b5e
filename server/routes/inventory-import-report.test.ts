import type { AuthResponse, InvitationSentResponse } from "@shared/core/api-types";
import { IMPORT_REPORT_TEXT, type ImportReport } from "@shared/inventory/import-report";
import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { withCheckDigit } from "@shared/inventory/vin";
import { afterEach, expect, it } from "vitest";
import { type BackendApp, onBothBackends } from "../test-support/backend-app";
import { ACCORD_VIN } from "../test-support/stock-vehicles";

// Issue #51 on both storage backends: an import's report is kept after the import, with each
// skipped row's line, stock number, VIN and reason, as JSON and as a CSV download, until the next
// import replaces it; a dry run replaces nothing; only owners and managers read it.

const PASSWORD = "correct horse battery";
let t: BackendApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const json = async <T>(res: Response, status: number): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};

const csv = (app: BackendApp, token: string, body: string, dryRun = false) =>
  app.send("POST", `/api/inventory/import${dryRun ? "?dryRun=1" : ""}`, body, token, {
    "Content-Type": "text/csv",
  });

const VIN_BAD = (() => {
  const good = withCheckDigit("JTDKN3DU0P0000001");
  return `${good.slice(0, 8)}${good[8] === "1" ? "2" : "1"}${good.slice(9)}`;
})();
const FILE = [
  "Stock #,VIN,Year,Make,Model,Internet Price",
  `A100,${ACCORD_VIN},2003,Honda,Accord,6995`,
  `P300,${VIN_BAD},2023,Toyota,Prius,28500`,
  "A100,,2020,Kia,Soul,15000",
  "=HYPERLINK(1),,2021,Kia,Rio,abc",
].join("\n");

onBothBackends((open) => {
  it("keeps the last import's skipped rows with line, stock number, VIN and reason, as JSON and CSV, until the next import", async () => {
    t = await open();
    const app = t;
    const owner = await json<AuthResponse>(
      await app.call("POST", "/api/auth/register", {
        email: "report.owner@example.com",
        password: PASSWORD,
        firstName: "Dana",
        lastName: "Whitfield",
      }),
      201,
    );
    const none = await app.call("GET", "/api/inventory/import-report", undefined, owner.token);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ message: IMPORT_REPORT_TEXT.notFound });

    // A dry run (the dialog's preview) keeps no report.
    await json(await csv(app, owner.token, FILE, true), 200);
    expect((await app.call("GET", "/api/inventory/import-report", undefined, owner.token)).status).toBe(404);

    await json(await csv(app, owner.token, FILE), 200);
    const report = await json<ImportReport>(
      await app.call("GET", "/api/inventory/import-report", undefined, owner.token),
      200,
    );
    const checkDigit = report.errors[0]?.message ?? "";
    expect(checkDigit).toMatch(/^VIN check digit does not match \(expected [0-9X]\)$/);
    expect(report).toEqual({
      importedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      created: 1,
      updated: 0,
      unchanged: 0,
      skippedRows: 3,
      errors: [
        { line: 3, stockNumber: "P300", vin: VIN_BAD, field: "vin", message: checkDigit },
        {
          line: 4,
          stockNumber: "A100",
          vin: "",
          field: "stockNumber",
          message: INVENTORY_MSG.duplicateStockNumberInFile(2),
        },
        { line: 5, stockNumber: "=HYPERLINK(1)", vin: "", field: "price", message: expect.any(String) },
      ],
    });
    expect(IMPORT_REPORT_TEXT.summary(report)).toBe("1 new, 0 updated, 0 unchanged, 3 rows skipped");

    const download = await app.call("GET", "/api/inventory/import-report.csv", undefined, owner.token);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toBe(
      'attachment; filename="inventory-import-report.csv"',
    );
    const priceReason = report.errors[2]?.message ?? "";
    expect(await download.text()).toBe(
      [
        "Line,Stock number,VIN,Column,Reason",
        `3,P300,${VIN_BAD},vin,${checkDigit}`,
        `4,A100,,stockNumber,${INVENTORY_MSG.duplicateStockNumberInFile(2)}`,
        // A cell a spreadsheet would run as a formula is written as text.
        `5,'=HYPERLINK(1),,price,${priceReason.includes(",") ? `"${priceReason}"` : priceReason}`,
        "",
      ].join("\r\n"),
    );

    // A salesperson neither imports nor reads the report.
    const invited = await json<InvitationSentResponse>(
      await app.call(
        "POST",
        "/api/team/invitations",
        { email: "sam.seller@example.com", role: "salesperson" },
        owner.token,
      ),
      201,
    );
    if (invited.delivery !== "outbox") throw new Error("expected the outbox without SMTP_URL");
    const sam = await json<AuthResponse>(
      await app.call("POST", "/api/auth/accept-invitation", {
        token: new URL(invited.link).searchParams.get("token"),
        firstName: "Sam",
        lastName: "Seller",
        password: PASSWORD,
      }),
      201,
    );
    for (const path of ["/api/inventory/import-report", "/api/inventory/import-report.csv"]) {
      const refused = await app.call("GET", path, undefined, sam.token);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: INVENTORY_MSG.writeForbidden });
    }

    // The next import replaces the report.
    await json(await csv(app, owner.token, FILE.split("\n").slice(0, 2).join("\n")), 200);
    expect(
      await json<ImportReport>(
        await app.call("GET", "/api/inventory/import-report", undefined, owner.token),
        200,
      ),
    ).toMatchObject({ created: 0, updated: 0, unchanged: 1, skippedRows: 0, errors: [] });
  });
});
