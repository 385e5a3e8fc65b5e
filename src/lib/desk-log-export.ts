// GET /api/quotes/export.csv (issue #40) with the session's token, handed to the browser as a
// download: the dashboard's desk log and the Analytics page both offer it to owners and managers.

import { downloadApiFile } from "./download-file";

/** Fetches the CSV with the session's token and hands it to the browser as a download. */
export const downloadDeskLog = (params: URLSearchParams): Promise<void> =>
  downloadApiFile(`/quotes/export.csv?${params}`, "desk-log.csv");
