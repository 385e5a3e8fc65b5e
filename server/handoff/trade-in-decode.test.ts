import { afterAll, expect, it } from "vitest";
import type { QuoteEventData } from "../quotes/event-data";
import { TEST_VIN_DATABASE_DIR } from "../test-support/vin-database-dir";
import { openVinDecoder } from "../vehicles/vin-decoder";
import { adfLeadXml } from "./adf-lead";
import { decodeTradeIn } from "./trade-in-decode";

// Issue #50: the ADF lead's trade-in <year>, <make> and <model> come from the VIN's decode when
// the shopper's description does not say them; a description that does stays the lead's model.

const decoder = openVinDecoder(TEST_VIN_DATABASE_DIR);
afterAll(() => decoder.close());

const trade = (description: string, vin: string | null) => ({
  description,
  vin,
  mileage: 61000,
  value: 0,
  payoff: 0,
});

/** The lead of a deal with only a trade-in, as the delivery worker hands it over. */
async function leadOf(tradeIn: ReturnType<typeof trade>): Promise<string> {
  const data = {
    quote: {
      id: "q1",
      vehicle: null,
      selectedStructure: null,
      tradeIn,
      outTheDoorPrice: null,
      url: "https://desk.example.com/quote/q1",
      salesperson: { name: "Sam Seller", email: "sam@example.com" },
    },
    customer: null,
    dealership: { id: "d1", name: "Example Motors", phone: null },
  } as unknown as QuoteEventData;
  const tradeInDecoded = await decodeTradeIn(decoder, tradeIn);
  return adfLeadXml({ ...data, tradeInDecoded }, Date.UTC(2026, 10, 27), "https://desk.example.com");
}

it("names the trade-in from its VIN when the description does not say the car", async () => {
  const xml = await leadOf(trade("my old truck", "1FTEW1E52KFA00001"));
  expect(xml).toContain(
    [
      '<vehicle interest="trade-in" status="used">',
      "<year>2019</year>",
      "<make>Ford</make>",
      "<model>F-150</model>",
      "<vin>1FTEW1E52KFA00001</vin>",
    ].join("\n"),
  );
  expect(xml).toContain("<comments>my old truck</comments>\n</vehicle>");
}, 60_000);

it("keeps a description that says the car, and a VIN that does not decode, as the model", async () => {
  expect(await leadOf(trade("2015 Ford Focus SE", "1FTEW1E52KFA00001"))).toContain(
    "<model>2015 Ford Focus SE</model>\n<vin>1FTEW1E52KFA00001</vin>",
  );
  // A wrong check digit, and a VIN vPIC does not know.
  for (const vin of ["1FTEW1E53KFA00001", "9ZZZZ1232ZA000001"])
    expect(await leadOf(trade("Focus", vin))).toContain(`<model>Focus</model>\n<vin>${vin}</vin>`);
  expect(await leadOf(trade("Focus", null))).toContain("<model>Focus</model>\n<odometer");
}, 60_000);
