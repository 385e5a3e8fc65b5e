// TEMPORARY (issue #53): files of src/features/quote/ that still break a web-app rule. Another
// change owns that folder and is reshaping it; each entry goes when it lands, and the list must end
// empty. Read by .dependency-cruiser.cjs (features-independent, features-below-app) and
// scripts/folder-cycles.mjs (no-folder-circle); biome.json repeats the files that call apiRequest.
const QUOTE_FEATURE_IN_PROGRESS = [
  // → src/features/dashboard/checklist-api.ts (features-independent)
  "^src/features/quote/dealer/share-dialog\\.tsx$",
  // → src/features/dashboard/quotes-api.ts (features-independent)
  "^src/features/quote/dealer/dealer-toolbar\\.tsx$",
  // → src/app/page-data.tsx (features-below-app; with src/app/ → src/features/, a folder circle)
  "^src/features/quote/use-quote-load\\.ts$",
];

module.exports = { QUOTE_FEATURE_IN_PROGRESS };
