/**
 * Chakra's global styles computed only when something reads them (ADR 101, amendment of 2026-11-27). Chakra's
 * `createSystem` turns the whole token set into CSS custom properties, and the global and reset styles into CSS objects,
 * as soon as the system is created: on a throttled phone a quarter of the sign-in page's first long task. The built
 * `index.html` already carries the result (the pre-rendered pages' `<style data-emotion="css-global …">` tags, see
 * ./prerender-plugin.ts), so the browser rarely needs it: this rewrites the system's `_global` into a getter, and
 * web/src/components/ui/Provider.tsx hides it from Chakra's provider when those tags are on the page. A Chakra release
 * that spells the line differently fails the build here rather than leaving the work in.
 */
import type { Plugin } from 'vite';

const SYSTEM_MODULE = /\/@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

export function chakraLazyGlobal(): Plugin {
  return {
    name: 'helpdesk-chakra-lazy-global',
    enforce: 'pre',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id.split('?')[0]!)) return null;
      if (!code.includes(EAGER) || !code.includes(FIELD))
        throw new Error(`${id}: Chakra's system no longer computes _global as web/chakra-global-plugin.ts expects`);
      return code
        .replace(EAGER, 'let _global;')
        .replace(
          FIELD,
          '    get _global() {\n      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n',
        );
    },
  };
}
