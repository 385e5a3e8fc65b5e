// zod for shared/ and src/: the one import of it in code that runs in the browser.
//
// Our CSP allows no eval. zod's first object parse probes `new Function` to decide whether to
// compile fast parsers, and the browser reports that probe as a CSP violation (Lighthouse best
// practices). In the browser every parse is interpreted (fast enough for a form or an update);
// the server keeps the compiled parsers. Setting it here, in the module every schema imports,
// makes it happen before any schema parses, whichever chunk parses first.

import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
