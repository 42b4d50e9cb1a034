// Logs: JSON lines for machines (the default when stdout is not a terminal), short readable lines
// on a terminal. Requests are not logged one by one: only errors and slow ones (app.ts).
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

/** One pino JSON line as a line for a person: "14:02:11 WARN message key=value". */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(typeof o.time === 'number' ? o.time : Date.now()).toTimeString().slice(0, 8);
  const extra = Object.entries(o)
    .filter(([k]) => !SKIP.has(k))
    .map(([k, v]) => (k === 'err' && v && typeof v === 'object' ? `\n  ${(v as { stack?: string }).stack ?? JSON.stringify(v)}` : ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`))
    .join('');
  return `${time} ${LEVELS[o.level as number] ?? 'LOG'} ${String(o.msg ?? '')}${extra}`;
}

/** Fastify's logger options for this process. */
export function loggerOptions(level: string, pretty = process.stdout.isTTY === true): FastifyServerOptions['logger'] {
  if (!pretty) return { level };
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) process.stdout.write(`${prettyLine(line)}\n`);
      done();
    },
  });
  return { level, stream };
}

/** A request slower than this is logged (warn) even when requests are not. */
export const SLOW_REQUEST_MS = 1000;
