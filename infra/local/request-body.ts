/**
 * Request bodies in the embedded gateway, limited as API Gateway HTTP APIs limit them: a payload over 10 MB is
 * answered `413` with `{"message":"Request Entity Too Large"}` and never reaches a handler (ADR 061).
 *
 * The connection is not dropped on the client: closing a socket the client is still writing to makes its kernel
 * discard our answer (a reset), so the rest of the body is read and thrown away after the answer has gone out,
 * up to a bound past which the connection is cut.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** API Gateway's HTTP API payload quota: 10 MB, counted in bytes of the body as sent. */
export const MAX_API_BODY_BYTES = 10 * 1024 * 1024;

/** How much of an oversized body is read and discarded before the connection is cut. */
const DISCARD_LIMIT_BYTES = 4 * MAX_API_BODY_BYTES;

export const TOO_LARGE_BODY = JSON.stringify({ message: 'Request Entity Too Large' });

/** A body that grew past its limit (readBody has answered 413 by then; readRequestBody leaves the answer to its caller). */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** The body's declared length when it is over `limit` (a client that says so up front is refused at once). */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/**
 * Answers 413 and reads the rest of the body into nothing. A client waiting for `100 Continue` sends no body at
 * all, so its connection is closed after the answer instead.
 */
export function answerTooLarge(req: IncomingMessage, res: ServerResponse): void {
  const expectsContinue = /100-continue/i.test(String(req.headers.expect ?? ''));
  res.writeHead(413, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(TOO_LARGE_BODY)),
    ...(expectsContinue ? { connection: 'close' } : {}),
  });
  res.end(TOO_LARGE_BODY);
  if (expectsContinue || req.complete) return;
  let discarded = 0;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT_BYTES) req.socket.destroy();
  });
  req.resume();
}

/** Collects the body; past `limit` it stops listening, calls `onTooLarge` once and rejects with BodyTooLargeError. */
function collectBody(req: IncomingMessage, limit: number, onTooLarge: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.off('end', onEnd);
      chunks.length = 0;
      onTooLarge();
      reject(new BodyTooLargeError());
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/** The whole body, or BodyTooLargeError after answering 413 once it passes `limit` bytes. */
export function readBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer> {
  if (declaredTooLarge(req, limit)) {
    answerTooLarge(req, res);
    return Promise.reject(new BodyTooLargeError());
  }
  return collectBody(req, limit, () => answerTooLarge(req, res));
}

/** The whole body, or BodyTooLargeError once it passes `maxBytes`; the caller answers (the queue endpoint's own error). */
export function readRequestBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return collectBody(req, maxBytes, () => req.destroy());
}
