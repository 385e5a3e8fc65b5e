import { IMPORT_REPORT_TEXT, importReportCsv } from "@shared/inventory/import-report";
import { INVENTORY_MSG, STOCK_STATUSES, type StockStatus } from "@shared/inventory/inventory-text";
import { stockVehicleSchema } from "@shared/inventory/vehicle-schema";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { DuplicateVehicleError } from "../db/repositories/vehicles";
import { ApiError, badRequest, notFound } from "../errors";
import { requireUser } from "../http/auth-middleware";
import { parseJson } from "../http/validate";
import { importInventory } from "../inventory/commands/import-inventory";
import { lastImportReport } from "../inventory/import-report";
import { IMPORT_MAX_BYTES, ImportFileError } from "../inventory/read-csv";
import { setStockStatus } from "../inventory/stock-status";
import { createVehicle, listVehicles, readVehicle, vehicleFields, vehicleView } from "../inventory/vehicles";
import { authorize, can } from "../policies/policy";

// /api/inventory (issue #37): the dealership's stock. Every member reads it (a salesperson without
// `cost`); owners and managers write it, and only they import a DMS file.

export const IMPORT_PATH = "/api/inventory/import";

/** A unique index's refusal as the API's 409. */
function duplicate(error: DuplicateVehicleError): ApiError {
  const message = error.field === "vin" ? INVENTORY_MSG.duplicateVin : INVENTORY_MSG.duplicateStockNumber;
  return new ApiError(409, message, [{ field: error.field, message }]);
}

export function inventoryRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(tokens));

  const writer = (
    c: { var: { user: AppEnv["Variables"]["user"] } },
    action: "writeInventory" | "importInventory" = "writeInventory",
  ) => {
    authorize(c.var.user, action);
    return c.var.user;
  };

  routes.get("/", async (c) => {
    const member = c.var.user;
    const status = c.req.query("status") ?? "";
    if (status !== "" && !(STOCK_STATUSES as readonly string[]).includes(status))
      throw badRequest(INVENTORY_MSG.statusInvalid, [
        { field: "status", message: INVENTORY_MSG.statusInvalid },
      ]);
    const filter = { status: (status || undefined) as StockStatus | undefined, q: c.req.query("q") ?? "" };
    return c.json(await listVehicles(stores, member.dealershipId, filter, can(member, "writeInventory")));
  });

  routes.post("/import", async (c) => {
    const member = writer(c, "importInventory");
    // A declared size past the limit is refused unread; a chunked upload is counted as it is read.
    if (Number(c.req.header("Content-Length") ?? 0) > IMPORT_MAX_BYTES) {
      c.header("Connection", "close");
      return c.json({ message: INVENTORY_MSG.importTooLarge }, 413);
    }
    const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "text/csv") throw new ApiError(415, INVENTORY_MSG.importNotCsv);
    const dryRun = ["1", "true"].includes(c.req.query("dryRun") ?? "");
    try {
      // Read as a stream: a file past the row cap is refused without reading the rest of it.
      // The command stores the rows and keeps the report (issue #51) until the next import.
      const file = c.req.raw.body;
      return c.json(await importInventory(deps, { dealershipId: member.dealershipId, file, dryRun }));
    } catch (error) {
      if (error instanceof ImportFileError) {
        // The unread rest of the upload cannot carry another request on this connection.
        if (error.stoppedReading) c.header("Connection", "close");
        throw new ApiError(error.status, error.message);
      }
      // Another import or edit took a stock number or VIN meanwhile: nothing was stored.
      if (error instanceof DuplicateVehicleError) throw duplicate(error);
      throw error;
    }
  });

  // Issue #51: the last import's report, until the next import (owners and managers, as the import).
  routes.get("/import-report", async (c) => {
    const member = writer(c, "importInventory");
    const report = await lastImportReport(stores, member.dealershipId);
    if (!report) throw notFound(IMPORT_REPORT_TEXT.notFound);
    return c.json(report);
  });

  routes.get("/import-report.csv", async (c) => {
    const member = writer(c, "importInventory");
    const report = await lastImportReport(stores, member.dealershipId);
    if (!report) throw notFound(IMPORT_REPORT_TEXT.notFound);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="${IMPORT_REPORT_TEXT.fileName}"`);
    c.header("Cache-Control", "no-store");
    return c.body(importReportCsv(report));
  });

  routes.get("/:id", async (c) => {
    const member = c.var.user;
    const vehicle = await readVehicle(stores, member.dealershipId, c.req.param("id"));
    if (!vehicle) throw notFound(INVENTORY_MSG.vehicleNotFound);
    return c.json(
      vehicleView(vehicle, await stores.vehicles.quoteCount(vehicle.id), can(member, "writeInventory")),
    );
  });

  routes.post("/", async (c) => {
    const member = writer(c);
    const body = await parseJson(c, stockVehicleSchema);
    try {
      const created = await createVehicle(stores, member.dealershipId, body);
      const vehicle =
        body.status === "available"
          ? created
          : ((await setStockStatus(deps, member.dealershipId, created.id, body.status, {
              reason: "edited",
            })) ?? created);
      return c.json(vehicleView(vehicle, 0, true), 201);
    } catch (error) {
      if (error instanceof DuplicateVehicleError) throw duplicate(error);
      throw error;
    }
  });

  routes.put("/:id", async (c) => {
    const member = writer(c);
    const id = c.req.param("id");
    const body = await parseJson(c, stockVehicleSchema);
    const current = await readVehicle(stores, member.dealershipId, id);
    if (!current) throw notFound(INVENTORY_MSG.vehicleNotFound);
    try {
      await stores.vehicles.update(member.dealershipId, id, vehicleFields(body, current.status), Date.now());
    } catch (error) {
      if (error instanceof DuplicateVehicleError) throw duplicate(error);
      throw error;
    }
    // The status changes through the one function every status change takes.
    const vehicle = await setStockStatus(deps, member.dealershipId, id, body.status, { reason: "edited" });
    if (!vehicle) throw notFound(INVENTORY_MSG.vehicleNotFound);
    return c.json(vehicleView(vehicle, await stores.vehicles.quoteCount(id), true));
  });

  // Mark sold from the Inventory page.
  routes.post("/:id/sold", async (c) => {
    const member = writer(c);
    const id = c.req.param("id");
    const vehicle = await setStockStatus(deps, member.dealershipId, id, "sold", { reason: "sold" });
    if (!vehicle) throw notFound(INVENTORY_MSG.vehicleNotFound);
    return c.json(vehicleView(vehicle, await stores.vehicles.quoteCount(id), true));
  });

  // A vehicle that quotes were made from is marked sold instead, so those quotes keep it.
  routes.delete("/:id", async (c) => {
    const member = writer(c);
    const id = c.req.param("id");
    const vehicle = await readVehicle(stores, member.dealershipId, id);
    if (!vehicle) throw notFound(INVENTORY_MSG.vehicleNotFound);
    const quoteCount = await stores.vehicles.quoteCount(id);
    if (quoteCount > 0) {
      const sold = await setStockStatus(deps, member.dealershipId, id, "sold", {
        reason: "deletedWithQuotes",
      });
      return c.json(vehicleView(sold ?? vehicle, quoteCount, true), 200);
    }
    await stores.vehicles.delete(member.dealershipId, id);
    return c.body(null, 204);
  });

  return routes;
}
