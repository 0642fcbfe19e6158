/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the navigation's "Send feedback" link; the link is hidden when it is not set. */
  readonly VITE_FEEDBACK_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
