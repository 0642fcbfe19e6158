/** A binary Netpbm image as pdftoppm and pdfimages write them: PGM ("P5", grey) or PPM ("P6", colour). */
export interface Netpbm {
  width: number;
  height: number;
  /** 1 for PGM, 3 for PPM. */
  channels: number;
  /** One byte per pixel and channel, row by row (maximum value 255). */
  pixels: Buffer;
}

/** Reads a binary PGM or PPM file's header and pixels; throws on anything else. */
export function readNetpbm(data: Buffer, name = 'image'): Netpbm {
  const header = /^P([56])\s+(\d+)\s+(\d+)\s+\d+\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error(`${name} is not a binary PGM or PPM image`);
  return {
    width: Number(header[2]),
    height: Number(header[3]),
    channels: header[1] === '6' ? 3 : 1,
    pixels: data.subarray(header[0].length),
  };
}
