import { SESSION_TTL_MS, type Session, type SessionStatus } from '@sinetti/contract';
import { STORAGE_KEYS, clearAllStorage, readJson, writeJson } from './storage';

/** What the browser keeps of a session (SPEC §3 Session, §4.4). */
export interface StoredSession {
  id: string;
  /** Last update, ms since epoch; the id is valid for 2 hours after it. */
  updated: number;
  status: SessionStatus;
  selectedOrganization: string | null;
}

/** null: signed out. false: the session expired (go to /session-expired). */
export type SessionValue = StoredSession | null | false;

type Listener = () => void;
const listeners = new Set<Listener>();
/** A stored session lapsed after 2 hours without activity (the sign-in page says so). */
let lapsed = false;
let current: SessionValue = load();

function load(): SessionValue {
  const stored = readJson<StoredSession>(STORAGE_KEYS.session);
  if (!stored || typeof stored.id !== 'string') return null;
  if (Date.now() - stored.updated > SESSION_TTL_MS) {
    lapsed = true;
    return null;
  }
  return stored;
}

function set(value: SessionValue): void {
  current = value;
  if (value) lapsed = false;
  writeJson(STORAGE_KEYS.session, value || null);
  for (const l of listeners) l();
}

export const sessionStore = {
  /** The session, or null once it is older than 2 hours (it then counts as absent). */
  get(): SessionValue {
    if (current && Date.now() - current.updated > SESSION_TTL_MS) {
      current = null;
      lapsed = true;
    }
    return current;
  },
  /** True when the last session ran out after 2 hours without activity (until the next sign-in). */
  lapsedIdle(): boolean {
    return lapsed;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After sign-in. */
  signIn(session: Session): void {
    set({
      id: session.id,
      updated: Date.now(),
      status: session.status,
      selectedOrganization: sessionStore.selectedOrganization() ?? session.selectedOrganization,
    });
  },
  /**
   * After every API reply that was not UNAUTHORIZED_ACCESS. Only the activity time changes: it is stored,
   * and changed in the same object without telling the subscribers, since no page shows it. A new object
   * here rendered the whole signed-in frame again after each of the dashboard's nine first replies.
   */
  touch(): void {
    const s = sessionStore.get();
    if (!s) return;
    s.updated = Date.now();
    writeJson(STORAGE_KEYS.session, s);
  },
  setStatus(status: SessionStatus): void {
    const s = sessionStore.get();
    if (s && s.status !== status) set({ ...s, status });
  },
  expire(): void {
    set(false);
  },
  /** SESSION_INVALID and sign-out: session, account and local storage are cleared. */
  clear(): void {
    clearAllStorage();
    lapsed = false;
    set(null);
  },
  selectedOrganization(): string | null {
    return readJson<string>(STORAGE_KEYS.selectedOrganization);
  },
  selectOrganization(id: string): void {
    writeJson(STORAGE_KEYS.selectedOrganization, id);
    const s = sessionStore.get();
    if (s) set({ ...s, selectedOrganization: id });
  },
};

export function isSignedIn(value: SessionValue): value is StoredSession {
  return value !== null && value !== false;
}
