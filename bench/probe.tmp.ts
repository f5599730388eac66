import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startEnvironment } from './environment.ts';
import { createStaff, createCategories, importRandomTickets, PASSWORD } from './seed.ts';
import { summarize } from './measure.ts';
const env = await startEnvironment();
const child = fork(new URL('./load-client.ts', import.meta.url), { execArgv: ['--import', 'tsx'], env: { ...process.env, NODE_NO_WARNINGS: '1' } });
const send = (m: any) => new Promise<any>((r) => { child.once('message', r); child.send(m); });
try {
  const e = await env.useTable('probe-a');
  const [admin, ...agents] = await createStaff(['admin', 'agent']);
  const cats = await createCategories(2);
  const ids = await importRandomTickets(1000, agents, cats, 1);
  await send({ type: 'configure', context: { env: e, url: env.url, admin, password: PASSWORD, ticketIds: ids, categoryNames: cats.map((c) => c.name), listLimit: 25 } });
  for (const side of ['api', 'raw', 'api', 'raw']) {
    await send({ type: 'run', side, operation: 'get', total: 300, concurrency: 50 });
    const h = monitorEventLoopDelay({ resolution: 5 }); h.enable();
    const r = await send({ type: 'run', side, operation: 'get', total: 3000, concurrency: 50 });
    h.disable();
    console.log(side, JSON.stringify(summarize([r.result])), 'server loop delay p50/p99/max ms', (h.percentile(50)/1e6).toFixed(1), (h.percentile(99)/1e6).toFixed(1), (h.max/1e6).toFixed(1));
  }
} finally { child.kill(); await env.stop(); }
