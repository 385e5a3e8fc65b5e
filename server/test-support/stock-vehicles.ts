// A stock vehicle as POST /api/inventory takes it (issue #37), for the tests of inventory, deal
// economics and hand-off: a 2003 Honda Accord with a real, valid VIN (check digit 3).

export const ACCORD_VIN = "1HGCM82633A004352";

export const accordBody = (overrides: Record<string, unknown> = {}) => ({
  stockNumber: "A100",
  vin: ACCORD_VIN,
  year: 2003,
  make: "Honda",
  model: "Accord",
  trim: "EX",
  color: "Silver",
  mileage: 84_000,
  condition: "used",
  msrp: null,
  price: 6995,
  cost: 4800.5,
  photoUrl: "https://example.com/a100.jpg",
  ...overrides,
});
