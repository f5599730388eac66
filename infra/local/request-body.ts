import type { IncomingMessage } from 'node:http';

/** A request body over the limit; `statusCode` is what the local servers answer with. */
export class RequestTooLargeError extends Error {
  override name = 'RequestTooLargeError';
  readonly statusCode = 413;
  constructor() {
    super('Request body too large');
  }
}

/** The whole body of a request, refused (RequestTooLargeError) once it passes `maxBytes`. */
export function readRequestBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new RequestTooLargeError());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
