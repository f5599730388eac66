/**
 * The floors of functions/ (docs/architecture.md, "Floors"): which folder's modules may import which. A module imports
 * only from its own floor and the floors its entry lists; `npm run lint` fails on any other import, type-only ones
 * included. Test files sit beside what they test and may reach further (they are in no bundle).
 */
import path from 'node:path';

/** A floor: `shared/` or a folder of functions/. */
export type Floor =
  | 'shared'
  | 'lib'
  | 'domain'
  | 'mail'
  | 'data'
  | 'outbound'
  | 'use-cases'
  | 'http'
  | 'api'
  | 'jobs'
  | 'ws';

const BELOW_USE_CASES: readonly Floor[] = ['shared', 'lib', 'domain', 'mail', 'data', 'outbound', 'use-cases'];

/** What each floor may import besides itself. */
export const MAY_IMPORT: Readonly<Record<Floor, readonly Floor[]>> = {
  shared: [],
  lib: ['shared'],
  domain: ['shared', 'lib'],
  mail: ['shared', 'lib', 'domain'],
  data: ['shared', 'lib', 'domain'],
  outbound: ['shared', 'lib', 'domain', 'data', 'mail'],
  'use-cases': ['shared', 'lib', 'domain', 'mail', 'data', 'outbound'],
  // The HTTP framework: it knows no table item and no use case; the entry point hands it the authenticators.
  http: ['shared', 'lib', 'domain'],
  // The entry points: every floor below, never one another.
  api: [...BELOW_USE_CASES, 'http'],
  jobs: BELOW_USE_CASES,
  ws: [...BELOW_USE_CASES, 'http'],
};

/** The floor of a repository path (`functions/data/table.ts` → `data`); undefined outside the floors. */
export function floorOf(file: string): Floor | undefined {
  const parts = file.split('/');
  if (parts[0] === 'shared') return 'shared';
  if (parts[0] !== 'functions' || parts.length < 3) return undefined;
  const folder = parts[1]!;
  return folder in MAY_IMPORT ? (folder as Floor) : undefined;
}

/** Every module specifier of a source text: static imports and re-exports (type-only too), and dynamic imports. */
export function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g)) {
    found.push(match[1]!);
  }
  for (const match of source.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** The repository path a specifier names, for relative and `#shared/`, `#functions/` ones; else undefined. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (specifier.startsWith('#shared/')) return `shared/${specifier.slice('#shared/'.length)}`;
  if (specifier.startsWith('#functions/')) return `functions/${specifier.slice('#functions/'.length)}`;
  return undefined;
}

export interface FloorViolation {
  file: string;
  specifier: string;
  from: Floor;
  to: Floor;
}

/** The imports of these files (repository paths and their text) that go the wrong way. */
export function floorViolations(files: readonly { path: string; source: string }[]): FloorViolation[] {
  const violations: FloorViolation[] = [];
  for (const file of files) {
    const from = floorOf(file.path);
    if (!from || /\.test\.tsx?$/.test(file.path)) continue;
    for (const specifier of specifiers(file.source)) {
      const target = resolveSpecifier(file.path, specifier);
      const to = target === undefined ? undefined : floorOf(target);
      if (to && to !== from && !MAY_IMPORT[from].includes(to))
        violations.push({ file: file.path, specifier, from, to });
    }
  }
  return violations;
}
