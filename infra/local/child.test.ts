import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startSupervised } from './child.ts';

/** A process's group, from /proc: the field after the state, which follows the parenthesised command name. */
const processGroupOf = (pid: number | 'self'): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
};

async function emulatorPidOf(emulator: ReturnType<typeof startSupervised>): Promise<number> {
  for (let i = 0; i < 100 && emulator.emulatorPid() === undefined; i++) await new Promise((r) => setTimeout(r, 50));
  return emulator.emulatorPid()!;
}

describe('startSupervised', () => {
  it('runs the leash and its emulator in a process group of their own, out of reach of a terminal’s Ctrl-C', async () => {
    const emulator = startSupervised(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      cwd: process.cwd(),
      env: process.env,
    });
    try {
      const emulatorPid = await emulatorPidOf(emulator);
      expect(processGroupOf(emulator.pid)).toBe(emulator.pid);
      expect(processGroupOf(emulatorPid)).toBe(emulator.pid);
      expect(processGroupOf('self')).not.toBe(emulator.pid);
    } finally {
      await emulator.stop();
    }
    expect(emulator.hasExited()).toBe(true);
  });
});
