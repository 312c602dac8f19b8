import type { RawData } from 'ws';

/** A WebSocket frame's text: ws hands a frame over as a Buffer, an ArrayBuffer or Buffer fragments. */
export function frameText(data: RawData): string {
  const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
  return bytes.toString('utf8');
}
