import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floorOf, floorViolations, MAY_IMPORT } from './floors.ts';

const check = (path: string, source: string) => floorViolations([{ path, source }]);

describe('floorViolations', () => {
  it('refuses a domain rule that imports a use case, type-only imports included', () => {
    expect(
      check('functions/domain/tickets.ts', "import { createTicket } from '../use-cases/tickets/create.ts';\n"),
    ).toEqual([
      {
        file: 'functions/domain/tickets.ts',
        specifier: '../use-cases/tickets/create.ts',
        from: 'domain',
        to: 'use-cases',
      },
    ]);
    expect(
      check('functions/domain/tickets.ts', "import type { Ticket } from '../data/tickets/item.ts';\n"),
    ).toHaveLength(1);
  });

  it('refuses the lowest floor reaching up through the #functions alias, a re-export or a dynamic import', () => {
    expect(
      check('functions/lib/config.ts', "import { QUEUE_KINDS } from '#functions/outbound/kinds.ts';"),
    ).toMatchObject([{ from: 'lib', to: 'outbound' }]);
    expect(check('functions/lib/config.ts', "export { HTTP_ROUTES } from '../api/routes.ts';")).toMatchObject([
      { from: 'lib', to: 'api' },
    ]);
    expect(check('functions/data/table.ts', "const m = await import('../use-cases/tickets/create.ts');")).toMatchObject(
      [{ from: 'data', to: 'use-cases' }],
    );
  });

  it('refuses the HTTP framework importing a use case, and one entry floor importing another', () => {
    expect(check('functions/http/handler.ts', "import { a } from '../use-cases/auth/authenticate.ts';")).toHaveLength(
      1,
    );
    expect(check('functions/jobs/outbox.ts', "import { handler } from '../api/tickets.ts';")).toHaveLength(1);
    expect(check('shared/constants.ts', "import { config } from '../functions/lib/config.ts';")).toHaveLength(1);
  });

  it('lets a module import its own floor and the floors below it', () => {
    const source = [
      "import { config } from '../../lib/config.ts';",
      "import type { Caller } from '../../domain/caller.ts';",
      "import { getTicket } from '../../data/tickets/queries.ts';",
      "import { enqueue } from '../../outbound/queue.ts';",
      "import { other } from '../tickets/other.ts';",
      "import { ROLES } from '#shared/constants.ts';",
      "import * as z from 'zod';",
    ].join('\n');
    expect(check('functions/use-cases/mail/deliver-mail.ts', source)).toEqual([]);
  });

  it('leaves tests beside their module free to reach further', () => {
    expect(check('functions/lib/config.test.ts', "import { x } from '../use-cases/y.ts';")).toEqual([]);
  });

  it('knows every folder of functions/ as a floor, and nothing in functions/ goes the wrong way today', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'functions', 'shared'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && existsSync(file));
    for (const file of files.filter((f) => f.startsWith('functions/'))) {
      expect(floorOf(file), file).toBeDefined();
    }
    expect(Object.keys(MAY_IMPORT)).toContain('use-cases');
    expect(floorViolations(files.map((file) => ({ path: file, source: readFileSync(file, 'utf8') })))).toEqual([]);
  });
});
