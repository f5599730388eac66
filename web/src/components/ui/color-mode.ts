/**
 * Light or dark: the class (`light`, `dark`) and `color-scheme` on `<html>` that Chakra's semantic colours follow,
 * from a choice of `light`, `dark` or `system` (the operating system's). The choice is remembered in this browser
 * under `theme`, which index.html's script reads to paint the first frame in it (web/prerender-plugin.ts). A few lines
 * in place of next-themes, which cost 1.3 kB gzip of the first page's JavaScript (ADR 101).
 */
export type ThemeChoice = 'light' | 'dark' | 'system';

const STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function remembered(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Paints the page in `choice`, with CSS transitions held for that frame so that nothing fades between the two. */
function paint(choice: ThemeChoice): void {
  const mode = choice === 'system' ? (matchMedia(DARK_QUERY).matches ? 'dark' : 'light') : choice;
  const html = document.documentElement;
  if (html.classList.contains(mode) && !html.classList.contains(mode === 'dark' ? 'light' : 'dark')) return;
  const still = document.createElement('style');
  still.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(still);
  html.classList.remove('light', 'dark');
  html.classList.add(mode);
  html.style.colorScheme = mode;
  // Reading a computed style applies the change before the transitions come back.
  void getComputedStyle(document.body).opacity;
  setTimeout(() => still.remove(), 1);
}

/** Makes `choice` this browser's theme: paints it and remembers it. */
export function setTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the page still changes.
  }
  paint(choice);
}

/**
 * Follows the operating system's light or dark while the choice is `system`, and the choice made in another tab;
 * returns the function that stops following.
 */
export function followThemeChanges(): () => void {
  const media = matchMedia(DARK_QUERY);
  const onSystem = () => {
    if (remembered() === 'system') paint('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) paint(remembered());
  };
  media.addEventListener('change', onSystem);
  window.addEventListener('storage', onStorage);
  return () => {
    media.removeEventListener('change', onSystem);
    window.removeEventListener('storage', onStorage);
  };
}
