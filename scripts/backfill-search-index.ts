/**
 * `npx tsx scripts/backfill-search-index.ts [--max 200]`: indexes for word search the tickets written before the
 * indexer existed (docs/decisions/090-search-by-term-index.md), against the table named by TABLE_NAME (and AWS_REGION
 * / credentials as for any AWS CLI call). Oldest first, at most `--max` tickets per run, keeping its place in the
 * table: run it again until it says it is done. Safe beside the running indexer; both write the same items.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { max: { type: 'string', default: '200' } } });
const max = Number(values.max);
if (!Number.isInteger(max) || max < 1 || max > 10_000) {
  console.error('Usage: TABLE_NAME=… npx tsx scripts/backfill-search-index.ts [--max 1..10000]');
  process.exit(2);
}

// Imported after validation: the function modules read their configuration from the environment.
const { backfillSearchIndex } = await import('#functions/use-cases/tickets/index-for-search.ts');
const { indexed, done } = await backfillSearchIndex(max);
console.log(
  done ? `Indexed ${indexed} tickets; every ticket is indexed now.` : `Indexed ${indexed} tickets; run again for more.`,
);
