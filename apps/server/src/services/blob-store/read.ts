/** A blob's chunks as one buffer (callers decide what a missing blob means to them). */
export async function readBytes(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const list: Buffer[] = [];
  for await (const chunk of chunks) list.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return Buffer.concat(list);
}
