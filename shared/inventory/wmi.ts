// The makers US dealers sell, by World Manufacturer Identifier (the VIN's first three characters),
// bundled for the VIN hints (issue #37). Not exhaustive on purpose: an unknown WMI is fine and
// simply offers no hint. Source: the makers' public WMI assignments.

const MAKERS: Record<string, readonly string[]> = {
  Acura: ["19U", "JH4"],
  Audi: ["WAU", "WA1", "WUA"],
  BMW: ["WBA", "WBS", "WBX", "5UX", "5YM"],
  Buick: ["1G4", "5GA", "KL4"],
  Cadillac: ["1G6", "1GY"],
  Chevrolet: ["1G1", "1GC", "1GN", "1GB", "2G1", "3G1", "3GN", "3GC", "KL7", "KL8"],
  Chrysler: ["1C3", "2C3", "2C4"],
  Dodge: ["1B3", "2B3", "1D7", "2D4", "3D7"],
  Ford: ["1FA", "1FB", "1FM", "1FT", "1FD", "2FA", "2FM", "3FA", "3FM"],
  Genesis: ["KMT"],
  GMC: ["1GK", "1GT", "2GK", "3GK", "3GT"],
  Honda: ["1HG", "2HG", "2HK", "5FN", "5J6", "JHM", "SHH"],
  Hyundai: ["5NP", "5NM", "KM8", "KMH"],
  Infiniti: ["JN1", "5N1"],
  Jeep: ["1C4", "1J4", "1J8"],
  Kia: ["5XX", "5XY", "KNA", "KND"],
  "Land Rover": ["SAL"],
  Lexus: ["JTH", "JTJ", "2T2"],
  Lincoln: ["1LN", "2LM", "5LM"],
  Mazda: ["JM1", "JM3", "3MZ"],
  "Mercedes-Benz": ["WDD", "WDC", "W1K", "W1N", "4JG", "55S"],
  Mitsubishi: ["JA3", "JA4", "ML3"],
  Nissan: ["1N4", "1N6", "3N1", "5N1", "JN8"],
  Porsche: ["WP0", "WP1"],
  Ram: ["1C6", "3C6", "3C7"],
  Subaru: ["4S3", "4S4", "JF1", "JF2"],
  Tesla: ["5YJ", "7SA", "7G2"],
  Toyota: ["1NX", "2T1", "2T3", "4T1", "4T3", "5TD", "5TF", "JTD", "JTE", "JTM", "JTN"],
  Volkswagen: ["1VW", "3VW", "WVW", "WVG"],
  Volvo: ["YV1", "YV4", "7JR"],
};

const BY_WMI = new Map<string, string>();
for (const [maker, codes] of Object.entries(MAKERS))
  for (const code of codes) if (!BY_WMI.has(code)) BY_WMI.set(code, maker);

/** The maker of a (normalized) VIN's WMI, or null when the bundled table does not know it. */
export const makerOfWmi = (vin: string): string | null => BY_WMI.get(vin.slice(0, 3)) ?? null;

/** Every WMI the table knows, with its maker (the benchmark's and the tests' generated VINs). */
export const KNOWN_WMIS: readonly (readonly [string, string])[] = [...BY_WMI.entries()];
