import os from 'node:os';

/** Memory as the slot rule sees it, in bytes. */
export interface MemoryReading {
  /** Memory the system could give a new process now (Linux: MemAvailable), within this process's cgroup. */
  free: number;
  /** The machine's memory, or the container's limit when that is smaller. */
  total: number;
}

/** The machine's (or the container's) memory now. */
export function systemMemory(): MemoryReading {
  const limit = process.constrainedMemory?.() ?? 0;
  // A cgroup limit of "none" reads as a huge number; only a real one narrows the machine's memory.
  const constrained = limit > 0 && limit < os.totalmem();
  const total = constrained ? limit : os.totalmem();
  const free = constrained ? Math.min(os.freemem(), total - process.memoryUsage.rss()) : os.freemem();
  return { free: Math.max(0, free), total };
}

/** The `auto` rule's numbers: at most two slots, the second only on a machine of at least 4 GiB. */
export const AUTO_SLOTS = { max: 2, minTotalBytes: 4 * 1024 ** 3 } as const;

/**
 * How many LibreOffice conversions may run at once now. A number is the operator's choice and is kept.
 * `auto`: one always; a second while the machine has at least 4 GiB and, at the moment the second would
 * start, a whole converter's memory limit (`memoryBytes`, CONVERSION_MEMORY_MB) is free, so that the
 * second converter cannot push the server into swapping or the OOM killer even at its worst.
 */
export function allowedSlots(
  setting: 'auto' | number,
  memoryBytes: number,
  memory: MemoryReading = systemMemory(),
): number {
  if (setting !== 'auto') return setting;
  if (memory.total < AUTO_SLOTS.minTotalBytes || memory.free < memoryBytes) return 1;
  return AUTO_SLOTS.max;
}
