import { writeFileSync } from 'node:fs';

/**
 * Named places where the fault suite (test/faults) kills the server. With `FAULT_PAUSE_AT=<point>` and
 * `FAULT_MARKER=<file>` (never in production), the process writes the point's name to the file when it
 * first reaches the point and then waits there forever, so that a SIGKILL lands exactly at that point
 * instead of after a guessed sleep. Without them a point costs nothing.
 */
export type FaultPoint =
  /** The converter has made the PDF rendition; it is not stored yet. */
  | 'conversion.converted'
  /** A signee's signed PDF is stored; the signature is not recorded yet. */
  | 'signing.signed-pdf-stored'
  /** The seal job has stored the sealed PDF; the round is not completed yet. */
  | 'signing.sealed-pdf-stored';

const armed: { point: string; marker: string } | null = (() => {
  const point = process.env.FAULT_PAUSE_AT;
  const marker = process.env.FAULT_MARKER;
  if (!point || !marker || process.env.NODE_ENV === 'production') return null;
  return { point, marker };
})();

let reached = false;

export async function faultPoint(point: FaultPoint): Promise<void> {
  if (!armed || armed.point !== point || reached) return;
  reached = true;
  writeFileSync(armed.marker, point);
  await new Promise<never>(() => undefined);
}
