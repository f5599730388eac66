/**
 * `npm run lint`'s check of the floors of functions/ (scripts/floors.ts, docs/architecture.md "Floors"): lists every
 * import that goes the wrong way and fails if there is one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { floorViolations } from './floors.ts';

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'functions', 'shared'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && existsSync(file));
const violations = floorViolations(tracked.map((file) => ({ path: file, source: readFileSync(file, 'utf8') })));
for (const v of violations) {
  console.error(`${v.file}: imports '${v.specifier}' — the ${v.from} floor may not import the ${v.to} floor`);
}
if (violations.length) {
  console.error(`${violations.length} import(s) against the floors (docs/architecture.md, "Floors").`);
  process.exit(1);
}
