/**
 * Unsaved editor changes kept in this browser (issue 13 item 2: they survive a reload or a closed tab),
 * one per document, in IndexedDB: the DOCX as it stood, the ETag of the file it was made on, and when.
 * Best effort: a browser without IndexedDB (or private mode refusing it) simply keeps none.
 */
export interface Draft {
  base: string;
  savedAt: string;
  file: Blob;
}

const DB = 'sinetti-editor';
const STORE = 'drafts';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('No IndexedDB'));
      return;
    }
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
    });
  } finally {
    db.close();
  }
}

const keyOf = (documentId: string, accountId: string) => `${accountId}:${documentId}`;

export function loadDraft(documentId: string, accountId: string): Promise<Draft | null> {
  return run('readonly', (s) => s.get(keyOf(documentId, accountId)) as IDBRequest<Draft | undefined>).then(
    (d) => d ?? null,
    () => null,
  );
}

export function saveDraft(documentId: string, accountId: string, draft: Draft): Promise<void> {
  return run('readwrite', (s) => s.put(draft, keyOf(documentId, accountId))).then(
    () => undefined,
    () => undefined,
  );
}

export function deleteDraft(documentId: string, accountId: string): Promise<void> {
  return run('readwrite', (s) => s.delete(keyOf(documentId, accountId))).then(
    () => undefined,
    () => undefined,
  );
}
