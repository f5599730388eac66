/**
 * Every section's figures beside their marks, as rows of docs/benchmarks.md's "Figures beside their marks", which
 * `npm run bench` rewrites from `bench/results.json` after each run (the sections not run keep the figures and the
 * time they were taken). A figure without a mark is there to read a failing one by (a latency behind a ratio).
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { AlarmResults } from './alarms.ts';
import type { AttachmentResults } from './attachments.ts';
import type { CustomerResults, CustomerSide } from './customers.ts';
import type { FunctionsResults } from './functions.ts';
import type { IncidentResults } from './incident.ts';
import type { MailResults } from './mail.ts';
import type { RoutingResults } from './routing.ts';
import type { ScaleResults, ScaleSide } from './scale.ts';
import type { WebResults } from './web.ts';

export interface Figure {
  figure: string;
  value: string;
  /** The mark, as a reader checks it; empty when the figure has none. */
  mark: string;
  /** Whether the figure met its mark; null when it has none. */
  met: boolean | null;
}

/** A section's figures, with when they were taken. */
export interface SectionFigures {
  name: string;
  taken: { at: string; loadAverage: number; run?: string } | undefined;
  figures: Figure[];
}

const number = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });
const ms = (n: number) => `${number(n)} ms`;
const figure = (name: string, value: string, mark = '', met: boolean | null = null): Figure => ({
  figure: name,
  value,
  mark,
  met: mark ? met : null,
});

export function webFigures(r: WebResults): Figure[] {
  const js = r.initialJs;
  return [
    figure(
      'sign-in initial JavaScript with its texts, gzip',
      `${number(js.gzipKB)} kB`,
      `≤ ${js.budgetKB} kB`,
      js.pass,
    ),
    ...r.lighthouse.targets.map((t) =>
      figure(
        `Lighthouse ${t.page}, ${t.formFactor} (FCP · LCP · TBT; CPU index ${number(t.benchmarkIndex)})`,
        `${Math.round(t.score * 100)} (${ms(t.fcp)} · ${ms(t.lcp)} · ${ms(t.tbt)})`,
        t.mark >= 1 ? '100' : `≥ ${Math.round(t.mark * 100)}`,
        t.pass,
      ),
    ),
  ];
}

export function alarmFigures(r: AlarmResults): Figure[] {
  return [
    figure(
      `alarm deliveries to ${r.clients} sockets × ${r.tickets} tickets: lost · duplicates`,
      `${r.lost} · ${r.duplicates}`,
      '0 · 0',
      r.pass,
    ),
    figure('commit → receipt p50 · p99 · max', `${ms(r.p50)} · ${ms(r.p99)} · ${ms(r.max)}`),
  ];
}

export function customerFigures(r: CustomerResults): Figure[] {
  const side = (s: CustomerSide) => `${number(s.calls)} · ${number(s.capacity)}`;
  const c = r.byCustomer;
  return [
    figure(
      "a customer's tickets by address: calls · units at 1,000 → 20,000, all five in one page",
      `${side(c.at1k)} → ${side(c.at20k)}${c.at1k.complete && c.at20k.complete ? '' : ', INCOMPLETE'}`,
      'within ±10 %, complete',
      c.pass,
    ),
    figure(
      'its p50 · p99 at 1,000 → 20,000',
      `${ms(c.at1k.p50)} · ${ms(c.at1k.p99)} → ${ms(c.at20k.p50)} · ${ms(c.at20k.p99)}`,
    ),
  ];
}

export function mailFigures(r: MailResults): Figure[] {
  return [
    figure(
      `acknowledgements of ${r.tickets} tickets, each exactly once`,
      `${r.acknowledged} of ${r.tickets}`,
      `${r.tickets} of ${r.tickets}`,
      r.acknowledged === r.tickets,
    ),
    figure(
      'commit → mailbox p50 · p99 · max',
      `${ms(r.fromCommit.p50)} · ${ms(r.fromCommit.p99)} · ${ms(r.fromCommit.max)}`,
    ),
    figure('burst · last acknowledgement', `${number(r.burstSeconds)} s · ${number(r.deliveredSeconds)} s`),
  ];
}

export function scaleFigures(r: ScaleResults): Figure[] {
  const cost = (s: ScaleSide) => `${number(s.calls)} · ${number(s.capacity)}`;
  const latency = (s: ScaleSide) => `${ms(s.p50)} · ${ms(s.p99)}`;
  return [
    figure('seeding 1,000 · 100,000 tickets', `${number(r.seedSeconds.at1k)} s · ${number(r.seedSeconds.at100k)} s`),
    ...r.rows.flatMap((row) => [
      figure(
        `${row.what}: calls · units at 1,000 → 100,000`,
        `${cost(row.at1k)} → ${cost(row.at100k)}`,
        'within ±10 %',
        row.pass,
      ),
      figure(
        `${row.what}: p50 · p99 at 1,000 → 100,000`,
        `${latency(row.at1k)} → ${latency(row.at100k)}`,
        'p50 within ±10 %',
        row.latencyFlat,
      ),
      figure(`${row.what}: answers`, row.correct ? 'right' : 'WRONG', 'right', row.correct),
    ]),
  ];
}

export function routingFigures(r: RoutingResults): Figure[] {
  const b = r.burst;
  const m = r.mail;
  return [
    figure(
      `${b.creates} creates over ${b.agents} agents: over their cap · counters off`,
      `${b.overCap} · ${b.counterMismatches}`,
      '0 · 0',
      b.overCap === 0 && b.counterMismatches === 0,
    ),
    figure('assigned · waiting · burst', `${b.assigned} · ${b.waiting} · ${number(b.seconds)} s`),
    figure(
      `staff e-mails, ${m.deskOpen} at the desk and ${m.offline} offline: to the offline · to those at the desk`,
      `${m.toOffline} · ${m.toDeskOpen}`,
      '0 · 0',
      m.toOffline === 0 && m.toDeskOpen === 0,
    ),
  ];
}

export function incidentFigures(r: IncidentResults): Figure[] {
  return [
    figure(
      `${r.children} children resolved: customers with exactly one e-mail`,
      `${r.exactlyOnce} of ${r.children}`,
      `${r.children} of ${r.children}`,
      r.exactlyOnce === r.children,
    ),
    figure(
      'last child resolved · last e-mail, after the PATCH',
      `${number(r.lastResolvedSeconds)} s · ${number(r.lastMailSeconds)} s`,
    ),
  ];
}

export function attachmentFigures(r: AttachmentResults): Figure[] {
  const ratio = (what: string, x: { api: number; direct: number; ratio: number }) =>
    figure(
      `${r.fileMB} MB ${what}, through the API ÷ storage directly (${ms(x.api)} ÷ ${ms(x.direct)})`,
      `× ${number(x.ratio)}`,
      '≤ × 1.5',
      x.ratio <= 1.5,
    );
  return [
    ratio('upload', r.upload),
    ratio('download', r.download),
    figure(
      `reply with ${r.reply.files} files: committed · in the mailbox`,
      `${ms(r.reply.committedMs)} · ${ms(r.reply.mailedMs)}`,
    ),
  ];
}

export function functionFigures(r: FunctionsResults): Figure[] {
  return r.functions.map((f) =>
    figure(
      `${f.name}: minified size · import ÷ bare node (${ms(f.importMs)} ÷ ${ms(f.bareMs)})`,
      `${number(f.sizeKb)} KB · × ${number(f.ratio)}`,
      `≤ ${r.marks.sizeKb} KB · ≤ × ${r.marks.ratio}`,
      f.sizePass && f.ratioPass,
    ),
  );
}

const START = '<!-- figures: written by `npm run bench` from bench/results.json; edits here are overwritten -->';
const END = '<!-- end of figures -->';

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The block of docs/benchmarks.md between its two markers: one table per section, in the bench's order. */
export function figuresBlock(machine: string, sections: SectionFigures[]): string {
  const runs = new Set(sections.map((s) => s.taken?.run ?? s.taken?.at));
  const lines = [
    START,
    '',
    `Machine: ${machine}. ${
      runs.size === 1 && sections.length > 0
        ? 'Every section below comes from one run.'
        : 'The sections below come from different runs; each says when it was taken.'
    } Met: whether the figure met its mark.`,
  ];
  for (const section of sections) {
    const when = section.taken
      ? `taken ${section.taken.at.slice(0, 16).replace('T', ' ')} UTC, load average ${number(section.taken.loadAverage)} as it started`
      : 'not taken';
    const failed = section.figures.filter((f) => f.met === false).length;
    lines.push(
      '',
      `**${section.name}** (${when}; ${failed === 0 ? 'every mark met' : `${failed} of ${section.figures.filter((f) => f.met !== null).length} marks not met`})`,
      '',
      '| Figure | Measured | Mark | Met |',
      '| --- | --- | --- | --- |',
      ...section.figures.map(
        (f) =>
          `| ${cell(f.figure)} | ${cell(f.value)} | ${cell(f.mark || '—')} | ${f.met === null ? '—' : f.met ? 'yes' : '**no**'} |`,
      ),
    );
  }
  lines.push('', END);
  return lines.join('\n');
}

/**
 * Puts the block in place of the one in the file between the markers (the file must hold both), then lets Biome lay
 * out its tables as `npm run lint` expects them.
 */
export async function writeFiguresBlock(path: string, block: string): Promise<void> {
  const text = await readFile(path, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${path} has no figures block between "${START}" and "${END}"`);
  await writeFile(path, `${text.slice(0, start)}${block}${text.slice(end + END.length)}`);
  await promisify(execFile)('npx', ['biome', 'format', '--write', path]);
}
