// Issue #53: the dependency rules are no narrower than docs/ARCHITECTURE.md. A small tree shaped
// like ours (server layers, shared/, the web app's zones) passes the real rules
// (.dependency-cruiser.cjs and scripts/folder-cycles.mjs, as `npm run lint` runs them); then each
// forbidden import is planted alone, and the rule the doc names must fire, through the "@/" alias
// or a relative path, type imports included.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { IFlattenedRuleSet } from "dependency-cruiser";
import { afterEach, describe, expect, it } from "vitest";
import { cruiseTree, RULE as FOLDER_CIRCLE, folderCircles } from "./folder-cycles.mjs";

const rules = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as IFlattenedRuleSet;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    jsx: "react-jsx",
    strict: true,
    baseUrl: ".",
    paths: { "@/*": ["src/*"], "@shared/*": ["shared/*"] },
  },
  include: ["src", "shared", "server"],
});

/** A tree that keeps every rule: each layer imports only what lies below it. */
const CLEAN: Record<string, string> = {
  "shared/money.ts": "export const cents = (dollars: number) => Math.round(dollars * 100);\n",
  "shared/testing/quote-fixtures.ts": 'import { cents } from "../money";\nexport const price = cents(1);\n',
  "shared/money.test.ts":
    'import { readFileSync } from "node:fs";\nimport { price } from "./testing/quote-fixtures";\nexport const t = [readFileSync, price];\n',
  "server/config.ts": "export type Config = { port: number };\n",
  "server/db/stores.ts":
    'import type { Config } from "../config";\nexport type Stores = { config: Config };\n',
  "server/teams/teams.ts":
    'import type { Stores } from "../db/stores";\nexport const listTeam = (stores: Stores) => stores.config.port;\n',
  "server/quotes/quotes.ts":
    'import { cents } from "@shared/money";\nimport { listTeam } from "../teams/teams";\nexport const quote = () => [cents(1), listTeam];\n',
  "server/live/rooms.ts": 'import { quote } from "../quotes/quotes";\nexport const rooms = [quote];\n',
  "server/routes/quotes.ts":
    'import { quote } from "../quotes/quotes";\nimport type { AppDeps } from "../app-deps";\nexport const routes = (deps: AppDeps) => [quote, deps];\n',
  "server/app-deps.ts":
    'import type { Stores } from "./db/stores";\nexport type AppDeps = { stores: Stores };\n',
  "server/main.ts":
    'import { routes } from "./routes/quotes";\nimport { rooms } from "./live/rooms";\nexport const main = [routes, rooms];\n',
  "server/test-support/kit.ts": 'import { quote } from "../quotes/quotes";\nexport const kit = quote;\n',
  "server/quotes/quotes.test.ts": 'import { kit } from "../test-support/kit";\nexport const t = kit;\n',
  "src/lib/api.ts": "export const apiRequest = (path: string) => fetch(path);\n",
  "src/lib/session.ts":
    'import { apiRequest } from "./api";\nexport const session = () => apiRequest("/me");\n',
  "src/components/notice.tsx":
    'import { session } from "@/lib/session";\nexport const Notice = () => session;\n',
  "src/features/team/team-api.ts":
    'import { apiRequest } from "@/lib/api";\nexport const listTeam = () => apiRequest("/team");\n',
  "src/features/team/team-page.tsx":
    'import { Notice } from "@/components/notice";\nimport { listTeam } from "./team-api";\nimport { Invite } from "./invite/invite-form";\nexport const TeamPage = () => [Notice, listTeam, Invite];\n',
  "src/features/team/invite/invite-form.tsx":
    'import { listTeam } from "../team-api";\nexport const Invite = () => listTeam;\n',
  "src/features/dashboard/dashboard-page.tsx":
    'import { Notice } from "../../components/notice";\nexport const DashboardPage = () => Notice;\n',
  "src/features/dashboard/dashboard.test.ts":
    'import { price } from "@shared/testing/quote-fixtures";\nexport const t = price;\n',
  "src/app/routes.tsx":
    'import { DashboardPage } from "@/features/dashboard/dashboard-page";\nimport { TeamPage } from "@/features/team/team-page";\nexport const routes = [DashboardPage, TeamPage];\n',
};

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

/** The rules that fire on the clean tree with `planted` added (a file's text replaced or a new file). */
async function firedRules(planted: Record<string, string>): Promise<string[]> {
  return (await cruisePlanted(planted)).fired;
}

async function cruisePlanted(planted: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), "dealdesk-lint-"));
  writeFileSync(path.join(dir, "tsconfig.json"), TSCONFIG);
  for (const [file, text] of Object.entries({ ...CLEAN, ...planted })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const result = await cruiseTree(dir, { forbidden: rules.forbidden });
  const fired = result.summary.violations.map((violation) => violation.rule.name);
  if (folderCircles(result.modules, []).length > 0) fired.push(FOLDER_CIRCLE);
  return { fired: [...new Set(fired)].sort(), modules: result.modules };
}

describe("the dependency rules", () => {
  it("pass the clean tree (tests may use the kits and Node; a feature may use its own subfolders)", async () => {
    const { fired, modules } = await cruisePlanted({});
    expect(fired).toEqual([]);
    // Every file was read and every import resolved (the "@/" and "@shared/" aliases included), so a
    // rule that stays quiet does so because the tree keeps it.
    expect(
      modules
        .filter((module) => !module.coreModule)
        .map((module) => module.source)
        .sort(),
    ).toEqual(Object.keys(CLEAN).sort());
    const unresolved = modules.flatMap((module) => module.dependencies.filter((dep) => dep.couldNotResolve));
    expect(unresolved).toEqual([]);
  });

  const plants: [string, string, Record<string, string>][] = [
    [
      "a folder circle in server/ made of files that are each not circular (type import)",
      FOLDER_CIRCLE,
      {
        "server/teams/roles.ts":
          'import type { QuoteOwner } from "../quotes/owner";\nexport type Role = QuoteOwner | "manager";\n',
        "server/quotes/owner.ts": 'export type QuoteOwner = "owner";\n',
      },
    ],
    [
      "a folder circle in server/ through a subfolder",
      FOLDER_CIRCLE,
      {
        "server/live/fanout/bus.ts": "export const bus = 1;\n",
        "server/quotes/notify.ts": 'import { bus } from "../live/fanout/bus";\nexport const notify = bus;\n',
      },
    ],
    [
      "a folder circle in src/ (src/lib → src/components → src/lib)",
      FOLDER_CIRCLE,
      {
        "src/lib/banner.ts":
          'import type { Notice } from "../components/notice";\nexport type Banner = typeof Notice;\n',
      },
    ],
    [
      "shared/ importing node:fs",
      "shared-without-node",
      { "shared/read.ts": 'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n' },
    ],
    [
      "shared/ importing a bare Node built-in",
      "shared-without-node",
      { "shared/hash.ts": 'import { createHash } from "crypto";\nexport const hash = createHash;\n' },
    ],
    [
      "shared/core/ importing a schema",
      "shared-core-is-the-bottom",
      {
        "shared/schemas/quote-keys.ts": 'export const quoteKeys = ["price"];\n',
        "shared/core/format.ts":
          'import { quoteKeys } from "../schemas/quote-keys";\nexport const format = quoteKeys;\n',
      },
    ],
    [
      "shared/text/ importing deal math (type only)",
      "shared-text-is-words",
      {
        "shared/deal/pricing.ts": "export type Total = { cents: number };\n",
        "shared/text/sheet-text.ts":
          'import type { Total } from "../deal/pricing";\nexport const line = (t: Total) => "Total " + t.cents;\n',
      },
    ],
    [
      "src/ importing shared/testing/",
      "no-test-support-in-production",
      {
        "src/features/dashboard/sample.ts":
          'import { price } from "@shared/testing/quote-fixtures";\nexport const sample = price;\n',
      },
    ],
    [
      "a service importing a server file in no layer",
      "server-file-in-a-layer",
      {
        "server/helpers.ts": "export const helper = 1;\n",
        "server/teams/uses-helper.ts": 'import { helper } from "../helpers";\nexport const x = helper;\n',
      },
    ],
    [
      "a server file in no layer importing a service",
      "server-file-in-a-layer",
      {
        "server/vehicles2/decode.ts":
          'import { quote } from "../quotes/quotes";\nexport const decode = quote;\n',
      },
    ],
    [
      "production server code importing server/test-support/",
      "no-test-support-in-production",
      { "server/live/kit-user.ts": 'import { kit } from "../test-support/kit";\nexport const x = kit;\n' },
    ],
    [
      "a feature importing another feature (alias)",
      "features-independent",
      {
        "src/features/dashboard/reassign.tsx":
          'import { listTeam } from "@/features/team/team-api";\nexport const reassign = listTeam;\n',
      },
    ],
    [
      "a feature importing another feature (relative, type only)",
      "features-independent",
      {
        "src/features/dashboard/reassign.tsx":
          'import type { TeamPage } from "../team/team-page";\nexport type Page = typeof TeamPage;\n',
      },
    ],
    [
      "src/lib importing src/app",
      "lib-and-components-below-features",
      {
        "src/lib/hydration.ts": 'import { routes } from "@/app/routes";\nexport const hydrating = routes;\n',
      },
    ],
    [
      "src/components importing a feature",
      "lib-and-components-below-features",
      {
        "src/components/picker.tsx":
          'import { listTeam } from "@/features/team/team-api";\nexport const Picker = listTeam;\n',
      },
    ],
    [
      "src/lib importing src/components",
      "lib-below-components",
      {
        "src/lib/form.ts":
          'import type { Notice } from "@/components/notice";\nexport type Form = typeof Notice;\n',
      },
    ],
    [
      "a feature importing src/app",
      "features-below-app",
      {
        "src/features/team/page-data.ts":
          'import { routes } from "../../app/routes";\nexport const data = routes;\n',
      },
    ],
  ];

  for (const [what, rule, planted] of plants) {
    it(`fire ${rule} for ${what}`, async () => {
      expect(await firedRules(planted)).toContain(rule);
    });
  }
});

describe("apiRequest outside an api module (Biome's noRestrictedImports, biome.json)", () => {
  const REQUEST =
    'import { apiRequest } from "@/lib/api";\n\nexport const call = () => apiRequest("/team");\n';
  const RELATIVE =
    'import { apiRequest } from "../../lib/api";\n\nexport const call = () => apiRequest("/team");\n';
  const ERROR_TEXT =
    'import { errorText } from "@/lib/api";\n\nexport const text = (e: unknown) => errorText(e, "");\n';

  /** The files under src/ that Biome refuses for importing apiRequest, with the project's biome.json. */
  function refused(files: Record<string, string>): string[] {
    dir = mkdtempSync(path.join(tmpdir(), "dealdesk-biome-"));
    copyFileSync(path.join(import.meta.dirname, "..", "biome.json"), path.join(dir, "biome.json"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const biome = path.join(import.meta.dirname, "..", "node_modules", ".bin", "biome");
    const run = spawnSync(biome, ["lint", "--reporter=json", "src"], { cwd: dir, encoding: "utf8" });
    const report = JSON.parse(run.stdout) as {
      diagnostics: { severity: string; category: string; location: { path: string } }[];
    };
    return report.diagnostics
      .filter((d) => d.category === "lint/style/noRestrictedImports" && d.severity === "error")
      .map((d) => d.location.path)
      .sort();
  }

  it("fires for a feature's component or hook, by alias or relative path, and for src/components", () => {
    expect(
      refused({
        "src/features/team/team-page.tsx": REQUEST,
        "src/features/team/use-team.ts": RELATIVE,
        "src/components/vin/vin-lookup.tsx": REQUEST,
        "src/features/team/team-api.ts": REQUEST,
        "src/features/team/invite/invite-api.ts": RELATIVE,
        "src/lib/session.tsx": REQUEST,
        "src/app/page-data.tsx": REQUEST,
        "src/features/dashboard/dashboard-page.tsx": ERROR_TEXT,
      }),
    ).toEqual([
      "src/components/vin/vin-lookup.tsx",
      "src/features/team/team-page.tsx",
      "src/features/team/use-team.ts",
    ]);
  });
});
