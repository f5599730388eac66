/**
 * The mail parts of the embedded runtime (docs/decisions/080-mail.md):
 * - the SES emulator `aws-ses-v2-local`, in this process, on 127.0.0.1: the functions' SES client is pointed at it by
 *   `SES_ENDPOINT` (configuration only). Its page is the mailbox viewer; `GET /store` lists what was sent.
 * - an SMTP listener (`smtp-server`) on 127.0.0.1 for mail coming in: it accepts messages for the mail domain and hands
 *   the raw bytes to the same inbound use case SES's receipt rule feeds in AWS.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sesLocalModule from 'aws-ses-v2-local';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { EmulatorProcess, ExitStatus } from './child.ts';

/**
 * A server we started in this process, shaped as the supervisor (infra/local/supervisor.ts) watches a part: it
 * `exited` when it stops listening, whether asked to or not.
 */
export interface LocalMailServer extends EmulatorProcess {
  url: string;
  port: number;
}

type SesLocalStart = (config: { host: string; port: number }) => Promise<Server>;

/** The package is CommonJS with a `default` export; what an ESM import of it yields depends on the loader. */
const startSesLocal: SesLocalStart =
  (sesLocalModule as unknown as { default?: SesLocalStart }).default ?? (sesLocalModule as unknown as SesLocalStart);

/** The part's end: when the server closes, on its own or by `stop()`. An in-process server has no exit code. */
function inProcessPart(
  server: { once(event: 'close', listener: () => void): unknown },
  url: string,
  port: number,
  stop: () => Promise<void>,
): LocalMailServer {
  const exited = new Promise<ExitStatus>((resolve) => server.once('close', () => resolve({ code: 0, signal: null })));
  return { url, port, pid: process.pid, emulatorPid: () => undefined, exited, stop };
}

/** startMailbox: the SES emulator on 127.0.0.1, on `port` (0: a free one). */
export async function startMailbox(options: { port: number }): Promise<LocalMailServer> {
  const server = await startSesLocal({ host: '127.0.0.1', port: options.port });
  const { port } = server.address() as AddressInfo;
  return inProcessPart(server, `http://127.0.0.1:${port}`, port, async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

/** What the SMTP conversation knew besides the message: its envelope. */
export interface SmtpEnvelope {
  recipients: string[];
  /** MAIL FROM; `''` for the null sender (`MAIL FROM:<>`). */
  mailFrom: string;
}

export interface SmtpListenerOptions {
  port: number;
  /** Only recipients on this domain are accepted (anything else is refused as a relay attempt). */
  domain: string;
  /** Messages over this size are refused with 552 once the client has sent them. */
  maxBytes: number;
  /** Hands a message over; a thrown error is answered 451 (try again later), so the sender keeps it. */
  receive(raw: Buffer, envelope: SmtpEnvelope): Promise<unknown>;
  /** A message over `maxBytes`, known by its size only. */
  refuseOversized(bytes: number, envelope: SmtpEnvelope): Promise<unknown>;
  log?: (line: string) => void;
}

/** An SMTP reply code on an error, as smtp-server sends it. */
const withCode = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

const envelopeOf = (session: SMTPServerSession): SmtpEnvelope => ({
  recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
  mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
});

/** startSmtpListener: an SMTP server on 127.0.0.1 that takes mail for the help desk (no TLS, no authentication). */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<LocalMailServer> {
  const log = options.log ?? (() => undefined);
  const domain = options.domain.toLowerCase();
  const server = new SMTPServer({
    name: domain,
    banner: 'Help desk inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxBytes,
    // Clients that knew the limit would refuse to send at all: the message is taken, measured, refused and counted.
    hideSize: true,
    logger: false,
    // Stopping the runtime should not wait long for a client that keeps its connection open.
    closeTimeout: 2_000,
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith(`@${domain}`)) {
        callback(withCode(`Relaying to ${address.address} is not allowed`, 550));
        return;
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // Past the limit the rest is read and dropped: the answer comes once the client has finished sending.
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        const envelope = envelopeOf(session);
        const work = stream.sizeExceeded
          ? options
              .refuseOversized(bytes, envelope)
              .then(() => withCode(`Message exceeds the limit of ${options.maxBytes} bytes`, 552))
          : options.receive(Buffer.concat(chunks), envelope).then(() => undefined);
        work.then(
          (refusal) => callback(refusal ?? null),
          (error: Error) => {
            log(`Inbound mail not taken (will be offered again): ${error.message}`);
            callback(withCode('The help desk cannot take mail right now; try again later', 451));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server logs connection errors itself when no listener is attached; one line each is enough.
  server.on('error', (error) => log(`SMTP listener: ${error.message}`));
  const { port } = server.server.address() as AddressInfo;
  return inProcessPart(server.server, `smtp://127.0.0.1:${port}`, port, async () => {
    if (!server.server.listening) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
