/**
 * Room reserved (address space, not memory: a growable SharedArrayBuffer commits pages only as it grows) for
 * the incremental updates appended to one file: signature stamps, the seal, the DSS and the time-stamp.
 */
const ROOM = 256 * 1024 * 1024;
/** Address space for a file read from storage (GrowingPdf.read) before its size is known: past UPLOAD_MAX_BYTES. */
const READ_ROOM = 64 * 1024 * 1024;

/** ES2024's growable SharedArrayBuffer (Node 20+), which the project's TypeScript lib does not declare yet. */
interface GrowableMemory extends SharedArrayBuffer {
  readonly growable: boolean;
  readonly maxByteLength: number;
  grow(length: number): void;
}
const GrowableMemory = SharedArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => GrowableMemory;

const isGrowable = (buffer: ArrayBufferLike): buffer is GrowableMemory =>
  buffer instanceof SharedArrayBuffer && (buffer as GrowableMemory).growable;

/**
 * A PDF that grows by incremental updates in place, in one growable SharedArrayBuffer. PDF workers read it
 * without a copy (a shared buffer is not cloned by postMessage), and each update is appended to it instead
 * of concatenating a new full-size file per step: signing and sealing hold the input and one copy.
 */
export class GrowingPdf {
  private constructor(
    private memory: GrowableMemory,
    private length: number,
  ) {}

  /**
   * `pdf` itself when it is the whole of a file this class returned (nothing appended after it since), so
   * that the seal's DSS and time-stamp extend the seal in place; otherwise one copy of it.
   */
  static of(pdf: Uint8Array): GrowingPdf {
    const memory = pdf.buffer;
    if (isGrowable(memory) && pdf.byteOffset === 0 && pdf.byteLength === memory.byteLength) {
      return new GrowingPdf(memory, pdf.byteLength);
    }
    return GrowingPdf.copyOf(pdf);
  }

  /**
   * A stored file read chunk by chunk straight into shared memory: the one full-size copy there is (no
   * Buffer.concat before it, and none at the next step, which extends it in place). Address space is
   * reserved for `reserve` bytes and the updates; a larger file moves once to a reservation twice the size.
   */
  static async read(chunks: AsyncIterable<Uint8Array>, reserve = READ_ROOM): Promise<GrowingPdf> {
    let memory = new GrowableMemory(0, { maxByteLength: reserve + ROOM });
    let length = 0;
    for await (const chunk of chunks) {
      if (length + chunk.length + ROOM > memory.maxByteLength) {
        const larger = new GrowableMemory(length, { maxByteLength: 2 * (length + chunk.length) + ROOM });
        new Uint8Array(larger).set(new Uint8Array(memory, 0, length));
        memory = larger;
      }
      memory.grow(length + chunk.length);
      new Uint8Array(memory, length, chunk.length).set(chunk);
      length += chunk.length;
    }
    return new GrowingPdf(memory, length);
  }

  private static copyOf(pdf: Uint8Array): GrowingPdf {
    const copy = new GrowableMemory(pdf.byteLength, { maxByteLength: pdf.byteLength + ROOM });
    new Uint8Array(copy).set(pdf);
    return new GrowingPdf(copy, pdf.byteLength);
  }

  /** The file so far (a view: later appends do not change it). */
  get bytes(): Buffer {
    return Buffer.from(this.memory, 0, this.length);
  }

  /** Appends an update; returns a view of it where it now lies in the file (to fill in /Contents). */
  append(update: Uint8Array): Buffer {
    if (this.memory.byteLength !== this.length) {
      // Another GrowingPdf over the same file appended first: continue on a copy of this version.
      const own = GrowingPdf.copyOf(this.bytes);
      this.memory = own.memory;
    }
    const start = this.length;
    this.memory.grow(start + update.length);
    this.length = start + update.length;
    const view = Buffer.from(this.memory, start, update.length);
    view.set(update);
    return view;
  }
}
