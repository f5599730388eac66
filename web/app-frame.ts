/**
 * The signed-in frame that index.html paints before the app has loaded (ADR 101, amendment of 2026-11-28 (2)). A
 * visitor with the signed-in hint cookie on a role's area (`/admin…`, `/manager…`, `/agent…`) would otherwise look at
 * an empty page until the app has read the session and fetched the frame's code: about a second on a laptop, three
 * on a phone. Instead index.html's script draws the outline of features/shell/AppShell.tsx at once: the sidebar with
 * the desk's name in the role's colour above placeholders for its links from 768 px up, the top bar below that. It
 * is decoration only (`aria-hidden`, no links, no pointer events). The script removes it as soon as the app puts
 * anything into #root, the shell or whatever page the app shows instead (a lapsed session's sign-in page), in the
 * same task, so the two are never painted together.
 *
 * Sizes and colours are the shell's own design tokens (the CSS variables of the global styles already in <head>), so
 * the frame matches the shell in either colour mode.
 */
import { ROLES } from '../shared/constants.ts';
import { dashboardReadUrls } from './src/features/dashboard/reads.ts';
import { ROLE_PALETTES } from './src/lib/roles.ts';

export const APP_FRAME_ID = 'app-frame';

/** How many link placeholders the sidebar shows: about an agent's number of links. */
const LINK_PLACEHOLDERS = 8;

const v = (token: string) => `var(--chakra-${token})`;

/** The frame's styles, for <head>. The breakpoint is the shell's `md` (48rem). */
export const APP_FRAME_STYLE = `<style>
#${APP_FRAME_ID}{position:fixed;inset:0;display:flex;pointer-events:none;background:${v('colors-bg')}}
#${APP_FRAME_ID} aside{display:none;flex-direction:column;width:${v('sizes-64')};flex-shrink:0;background:${v('colors-bg-panel')};border-right:1px solid ${v('colors-border')}}
#${APP_FRAME_ID} .af-brand{padding:${v('spacing-5')};border-bottom:1px solid ${v('colors-border')}}
#${APP_FRAME_ID} .af-name{font-weight:${v('font-weights-bold')};font-size:${v('font-sizes-lg')};color:var(--af-fg)}
#${APP_FRAME_ID} .af-bar{height:${v('sizes-3')};margin-top:${v('spacing-2')};width:60%;border-radius:${v('radii-l2')};background:${v('colors-bg-muted')}}
#${APP_FRAME_ID} .af-links{padding:${v('spacing-4')} ${v('spacing-3')}}
#${APP_FRAME_ID} .af-link{height:${v('sizes-9')};margin-bottom:${v('spacing-1')};border-radius:${v('radii-l2')};background:${v('colors-bg-subtle')}}
#${APP_FRAME_ID} .af-column{flex:1;min-width:0}
#${APP_FRAME_ID} header{display:flex;align-items:center;gap:${v('spacing-2')};padding:${v('spacing-2')} ${v('spacing-3')};border-bottom:1px solid ${v('colors-border')}}
#${APP_FRAME_ID} header .af-menu{width:${v('sizes-10')};height:${v('sizes-10')}}
#${APP_FRAME_ID} header .af-name{font-size:inherit}
@media (min-width:48rem){#${APP_FRAME_ID} aside{display:flex}#${APP_FRAME_ID} header{display:none}}
</style>`;

/** The desk's name: the same in every language (`brand.name` in each catalog). */
const BRAND = 'CryptoDesk Support';

const FRAME_MARKUP =
  `<aside><div class="af-brand"><div class="af-name">${BRAND}</div><div class="af-bar"></div></div>` +
  `<div class="af-links">${'<div class="af-link"></div>'.repeat(LINK_PLACEHOLDERS)}</div></aside>` +
  `<div class="af-column"><header><div class="af-menu"></div><div class="af-name">${BRAND}</div></header></div>`;

/**
 * The inline script's part: `showFrame()` draws the frame for a signed-in visitor on a role's area, in the colour mode
 * the script's `applyColourMode()` chooses, and returns the area's role ('admin', 'manager', 'agent'), or false when it
 * drew nothing. `askForDashboardReads(role)`, called once the app's entry has been asked for, asks for the reads of
 * the role's dashboard when the page is that dashboard (`dashboardReadUrls`): as preloads with the credentials the
 * app's requests carry, so that those requests take the answers instead of asking again. The reads then run while the
 * app's code downloads, not after it has reached the dashboard's route (ADR 101, amendment of 2026-11-28 (3)).
 */
export function appFrameScript(): string {
  const palettes = Object.fromEntries(ROLES.map((role) => [role, ROLE_PALETTES[role]]));
  const reads = Object.fromEntries(ROLES.map((role) => [role, dashboardReadUrls(role)]));
  return `function showFrame() {
    var role = /^\\/(${ROLES.join('|')})(?:\\/|$)/.exec(location.pathname);
    var root = document.getElementById('root');
    if (!role || !root || root.firstElementChild) return false;
    applyColourMode();
    var frame = document.createElement('div');
    frame.id = '${APP_FRAME_ID}';
    frame.setAttribute('aria-hidden', 'true');
    frame.style.setProperty('--af-fg', 'var(--chakra-colors-' + ${JSON.stringify(palettes)}[role[1]] + '-fg)');
    frame.innerHTML = ${JSON.stringify(FRAME_MARKUP)};
    root.parentNode.insertBefore(frame, root);
    new MutationObserver(function (records, observer) {
      if (!root.firstChild) return;
      observer.disconnect();
      frame.remove();
    }).observe(root, { childList: true });
    return role[1];
  }
  function askForDashboardReads(role) {
    if (location.pathname.replace(/\\/+$/, '') !== '/' + role) return;
    // Through a variable: an object literal opening a statement would be read as a block.
    var urls = ${JSON.stringify(reads)}[role];
    urls.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'use-credentials';
      link.href = href;
      document.head.appendChild(link);
    });
  }`;
}
