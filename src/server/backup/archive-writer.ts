// A ZIP archive streamed to a Writable with fflate, one file at a time, honouring the sink's
// back-pressure. DEFLATE runs in Node's zlib (libuv's thread pool), not on the main thread: a
// running server keeps answering while a backup is compressed. Only CRC-32 (fflate) and SHA-256
// (the manifest's) are computed here, a chunk at a time.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Writable } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';
import { Zip, ZipPassThrough } from 'fflate';
import { BackupError } from './backup-format.ts';

/** fflate writes neither ZIP64 sizes nor offsets: a classic archive ends at 4 GiB and 65,535 entries. */
const ZIP32_BYTES = 0xffff_ffff - 1024 * 1024;
const ZIP32_ENTRIES = 0xffff;
const EMPTY = new Uint8Array(0);
const CHUNK = 256 * 1024;

/** An entry kept as it is (uploads: images are compressed already). */
class StoredEntry extends ZipPassThrough {
  done: Promise<void>;
  private settle!: (e?: Error | null) => void;
  constructor(name: string) {
    super(name);
    this.done = new Promise((resolve, reject) => (this.settle = (e) => (e ? reject(e) : resolve())));
  }
  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata(null, chunk, final);
    if (final) this.settle();
  }
  fail(e: Error) {
    this.settle(e);
  }
}

/** An entry deflated by zlib: fflate's documented extension point (process() calls ondata). */
class DeflatedEntry extends StoredEntry {
  private z = zlib.createDeflateRaw({ level: 6 });
  constructor(name: string) {
    super(name);
    this.compression = 8;
    this.z.on('data', (d: Buffer) => this.ondata(null, d as Uint8Array<ArrayBuffer>, false));
    this.z.on('end', () => super.process(EMPTY, true));
    this.z.on('error', (e) => this.fail(e));
  }
  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    if (chunk.length) this.z.write(chunk);
    if (final) this.z.end();
  }
  /** resolves once zlib has room for more */
  ready(): Promise<void> {
    return this.z.writableNeedDrain ? new Promise((r) => this.z.once('drain', r)) : Promise.resolve();
  }
}

/** A small file deflated in one call on this thread (well under a millisecond): pushed whole, once. */
class DeflatedAtOnce extends StoredEntry {
  constructor(name: string) {
    super(name);
    this.compression = 8;
  }
  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    super.process(zlib.deflateRawSync(chunk, { level: 6 }) as Uint8Array<ArrayBuffer>, final);
  }
}

export class ArchiveWriter {
  private zip: Zip;
  private failure: Error | undefined;
  private ended: Promise<void>;
  private entries = 0;
  bytes = 0;

  constructor(private sink: Writable) {
    let finish!: () => void;
    let fail!: (e: Error) => void;
    this.ended = new Promise((resolve, reject) => ((finish = resolve), (fail = reject)));
    this.ended.catch(() => {}); // read in end(); a failure also surfaces through check()
    const onError = (e: Error) => {
      this.failure ??= e;
      fail(e);
    };
    this.zip = new Zip((err, data, final) => {
      if (err) return onError(err);
      this.bytes += data.length;
      if (this.bytes > ZIP32_BYTES) return onError(new BackupError('the backup would pass 4 GB, more than the ZIP format it uses can hold'));
      sink.write(data);
      if (final) finish();
    });
    sink.on('error', onError);
    sink.once('close', () => onError(new BackupError('the backup’s destination closed before the end')));
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  /** Waits while the destination is full. */
  private async drain(): Promise<void> {
    this.check();
    if (!this.sink.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.sink.off('drain', done);
        this.sink.off('close', done);
        resolve();
      };
      this.sink.on('drain', done);
      this.sink.on('close', done);
    });
    this.check();
  }

  /** Adds an open file's bytes under `name`; returns their size and SHA-256. */
  async addFile(name: string, file: FileHandle, compress: boolean): Promise<{ bytes: number; sha256: string }> {
    this.count();
    const entry = compress ? new DeflatedEntry(name) : new StoredEntry(name);
    this.zip.add(entry);
    const hash = createHash('sha256');
    let bytes = 0;
    for (;;) {
      // a fresh buffer each time: zlib and fflate keep the chunks they are given
      const { bytesRead, buffer } = await file.read(Buffer.allocUnsafe(CHUNK), 0, CHUNK, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      bytes += chunk.length;
      entry.push(chunk);
      if (entry instanceof DeflatedEntry) await entry.ready();
      await this.drain();
    }
    entry.push(EMPTY, true);
    await entry.done;
    await this.drain();
    return { bytes, sha256: hash.digest('hex') };
  }

  /**
   * Adds bytes held in memory (small files, the manifest) in one go on this thread: per file, far
   * cheaper than a round of asynchronous reads; callers keep each call well under a millisecond.
   */
  async addBytes(name: string, data: Uint8Array, compress = false): Promise<{ bytes: number; sha256: string }> {
    this.count();
    const entry = compress ? new DeflatedAtOnce(name) : new StoredEntry(name);
    this.zip.add(entry);
    entry.push(data, true);
    await entry.done;
    await this.drain();
    return { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  }

  private count(): void {
    if (++this.entries > ZIP32_ENTRIES) throw new BackupError('the backup would hold more than 65,535 files, more than the ZIP format it uses can hold');
  }

  /** Writes the central directory and ends the destination; resolves when every byte is handed over. */
  async end(): Promise<void> {
    this.zip.end();
    await this.ended;
    this.check();
    await new Promise<void>((resolve, reject) => {
      this.sink.end((e?: Error | null) => (e ? reject(e) : resolve()));
    });
  }
}
