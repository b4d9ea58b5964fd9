import type { $ZodConfig } from 'zod/v4/core';

/*
 * zod 4 compiles object schemas with `new Function` when it may: on building its first object
 * schema it tries `new Function("")` once. The server's Content Security Policy forbids eval
 * (`script-src 'self'`, server/src/http/security-headers.ts), so the try is refused and caught,
 * but the browser still reports a `securitypolicyviolation` on every page that loads a form, and
 * would send each one to a CSP report endpoint. `jitless` skips the try (zod parses the same,
 * without the compiled shortcut). zod reads its config from this global when it loads, and
 * documents setting it before zod loads (zod/src/v4/core/core.ts); importing zod's `config` here
 * instead would put the schema library into the first download (+3.7 kB gzip, measured), which
 * the home page keeps free of it. main.tsx imports this first, before any page can load zod.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
