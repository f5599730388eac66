/**
 * Small real files for the attachment tests: bytes whose type `file-type` recognises, built in memory so that no
 * binary fixture sits in the repository.
 */
import { deflateSync } from 'node:zlib';

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of `width` × `height` pixels in one colour (each call with a `seed` gives other bytes). */
export function png(width = 4, height = 4, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, seed % 256)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF of about `bytes` bytes (a comment pads it), different for each `seed`. */
export function pdf(bytes = 2_000, seed = 'statement'): Buffer {
  const head = `%PDF-1.4\n% ${seed}\n1 0 obj << /Type /Catalog >> endobj\n`;
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, bytes - head.length - tail.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(padding, 0x25), Buffer.from(tail)]);
}

/** A ZIP archive holding one small text file. */
export function zip(): Buffer {
  const name = Buffer.from('a.txt');
  const data = Buffer.from('hello');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

/** The start of a Windows executable (`MZ` … `PE`). */
export function exe(): Buffer {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(128, 0x3c);
  bytes.write('PE\0\0', 128, 'latin1');
  return bytes;
}

/** An HTML page with a script. */
export const html = (): Buffer => Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
