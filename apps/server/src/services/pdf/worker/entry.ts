import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PdfError } from '../syntax/errors.ts';
import type { ReplyMessage, TaskMessage } from './protocol.ts';
import { runTask, transferablesOf } from './tasks.ts';

/**
 * PDF work runs below the request path: on a machine whose cores are all busy (an organization sending
 * hostile PDFs), the event loop that answers everyone else's calls is scheduled first. On Linux the nice
 * value is per thread, so this lowers only this worker thread; where it is not permitted it stays as is.
 */
const PDF_WORKER_NICE = 10;
/** The pool's own value (the anonymous lane's workers run at 19, below signing work), else the default. */
const nice = (workerData as { nice?: number | null } | null)?.nice ?? PDF_WORKER_NICE;
try {
  os.setPriority(nice);
} catch {
  // Not permitted here: the worker keeps the process's priority.
}

/** A PDF worker thread: runs one task at a time for the pool (pool.ts) and answers with its result. */
parentPort?.on('message', async (message: TaskMessage) => {
  let reply: ReplyMessage;
  try {
    const result = await runTask(message.task, message.input, message.limits);
    reply = { id: message.id, ok: true, result };
  } catch (err) {
    const problem = err instanceof PdfError ? err.problem : null;
    reply = { id: message.id, ok: false, problem, message: (err as Error)?.message ?? String(err) };
  }
  parentPort?.postMessage(reply, reply.ok ? transferablesOf(reply.result) : []);
});

// Loaded (tsx, pdf-lib, the parser): tasks may come, and their time limit starts from here.
parentPort?.postMessage({ ready: true });
