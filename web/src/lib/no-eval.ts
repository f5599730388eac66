/**
 * The site's Content-Security-Policy allows no eval (infra/security-headers.ts). Zod compiles object parsers with
 * `new Function` when it may, and merely probing whether it may is reported as a violation, so it is told not to.
 *
 * Zod keeps its global settings in one object on `globalThis`, created by whichever copy loads first and shared by
 * all; setting the flag there (rather than importing `z.config`) keeps Zod out of the first page's JavaScript.
 * Imported first by main.tsx, before any schema parses. tests/browser/security-headers.spec.ts fails if Zod ever
 * probes for eval again.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
