/** Business constants and limits of SPEC §9. */
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/**
 * A reply header of a session's call that may have written: for a moment after it, the web app asks its reads
 * `Cache-Control: no-cache`, so that no server process answers a reply it kept from before the write (the
 * server's reply cache; another process learns of the write by a notification a moment later).
 */
export const MAY_HAVE_WRITTEN_HEADER = 'sinetti-may-have-written';
/** How long after such a reply the web app's reads ask for fresh replies. */
export const FRESH_READS_AFTER_WRITE_MS = 3_000;
export const SIGNING_TIME_LIMIT_MS = 60 * 60 * 1000;

export const LANGUAGES = ['en', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const DEFAULT_REGION = 'US';
export const DEFAULT_TIMEZONE = 'Europe/Helsinki';

export const PLATFORMS = ['google', 'microsoft'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const AUTH_TYPES = ['API', 'SESSION', 'CLIENT_GOOGLE', 'CLIENT_MICROSOFT'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

export const SESSION_STATUSES = ['OK', 'SETUP_REQUIRED', 'AUTHORIZATION_REQUIRED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const PLANS = ['personal', 'freemium', 'basic', 'business', 'enterprise'] as const;
export type PlanName = (typeof PLANS)[number];

export const DOCUMENT_STATE = {
  Draft: 1,
  Published: 10,
  Signing: 20,
  Signed: 30,
  Archived: 40,
  Deleted: 100,
  DeletedPermanently: 101,
  Hidden: 200,
} as const;

export const SIGNEE_LEVEL = { simple: 1, advanced: 10, qualified: 20 } as const;

export const TOP_UP_MIN = 10;
export const TOP_UP_MAX = 500;
export const TOP_UP_DEFAULT = 10;
export const CURRENCY = 'EUR';

export const WIZARD_STEPS = [
  'create-organization',
  'organization-name',
  'invites',
  'invite-users',
  'choose-plan',
  'confirm-plan',
] as const;
export type WizardStepName = (typeof WIZARD_STEPS)[number];
/** Skipping step 1 passes over the three steps that follow it. */
export const WIZARD_SKIP_FROM_CREATE = [2, 3, 4] as const;

export const GUIDE_STEPS = [
  'start',
  'select-organization',
  'create-button',
  'create-folder',
  'create-document',
  'create-template',
  'create-upload',
  'end',
] as const;
export type GuideStepName = (typeof GUIDE_STEPS)[number];
/** The last step's index (0-based): done there completes the guide. */
export const GUIDE_LAST_STEP = 7;
/** The guides an account's progress is kept for (SPEC §3 Guide progress): the dashboard tour. */
export const GUIDE_NAMES = ['dashboard'] as const;
export type GuideName = (typeof GUIDE_NAMES)[number];

export const RECENT_DOCUMENTS_DASHBOARD = 8;
export const RECENT_DOCUMENTS_DEFAULT = 10;
/** Search runs only when the text is longer than this. */
export const SEARCH_MIN_EXCLUSIVE = 3;
export const MAX_INITIALS = 2;

export const POLL_CONTENT_MS = 15_000;
export const POLL_SIGNEE_LOCKED_MS = 15_000;
export const RELATIVE_DATES_REFRESH_MS = 15_000;
export const SELF_SIGNEE_CHECK_MS = 1_000;

export const CARD_RETURN_REDIRECT_MS = 2_500;
export const ORG_NAME_DEBOUNCE_MS = 2_500;
export const GUIDE_FETCH_DELAY_MS = 1_000;
export const NAME_INPUT_FOCUS_MS = 500;
export const MODAL_SHAKE_MS = 400;
export const TOAST_ERROR_MS = 10_000;
export const TOAST_SUCCESS_MS = 5_000;
export const SIGNING_SOUND_VOLUME = 0.5;

export const ORGANIZATION_NAME_MAX = 120;
export const PERSON_NAME_MAX = 120;
/** A role's name (SPEC §3 Role). */
export const ROLE_NAME_MAX = 64;

/** An organization invite can be accepted for this long after it was sent (docs/decisions.md). */
export const INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** At most this many invites an organization may send per hour (abuse and e-mail cost). */
export const INVITES_PER_HOUR = 30;
/** At most this many invites may be pending in one organization at a time. */
export const PENDING_INVITES_MAX = 200;
/** At most this many organizations one account may own (its Personal workspace included). */
export const OWNED_ORGANIZATIONS_MAX = 20;

/** Sending for signing (issue 12 items 6 and 7, docs/decisions.md "Send options"). */
/** The sender's message to signees: plain text, at most this many characters. */
export const SIGNING_MESSAGE_MAX = 1000;
/** The longest feedback a member may send at once (characters). */
export const FEEDBACK_MESSAGE_MAX = 4000;
/** A round expires at the end of this Helsinki day after sending unless the sender picks another day. */
export const SIGNING_EXPIRY_DEFAULT_DAYS = 30;
/** The latest expiry day a sender can pick, in days after the day of sending. */
export const SIGNING_EXPIRY_MAX_DAYS = 90;
/** Automatic reminders: every 1 to this many days (or none). */
export const SIGNING_REMINDER_MAX_DAYS = 30;
/** A signee is reminded (by the sender or automatically) at most once in this long. */
export const SIGNING_REMIND_INTERVAL_MS = 12 * 60 * 60 * 1000;

/**
 * The editor's lock (issue 13 item 2, docs/decisions.md "Editing: one editor at a time"): an open editor
 * renews it every EDIT_LOCK_HEARTBEAT_MS while its user is active; without renewal it lapses after
 * EDIT_LOCK_TTL_MS and someone else may take over. A user who has not typed or clicked for
 * EDITOR_IDLE_MS stops renewing (idle).
 */
export const EDIT_LOCK_TTL_MS = 2 * 60 * 1000;
export const EDIT_LOCK_HEARTBEAT_MS = 30 * 1000;
export const EDITOR_IDLE_MS = 10 * 60 * 1000;
