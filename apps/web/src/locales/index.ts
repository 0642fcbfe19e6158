import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enProfile from './en/profile.json';
import enSetup from './en/setup.json';
import fiAuth from './fi/auth.json';
import fiCommon from './fi/common.json';
import fiProfile from './fi/profile.json';
import fiSetup from './fi/setup.json';

/** One JSON file per namespace and language; every key in en must exist in fi (locales.test.ts). */
export const resources = {
  en: { common: enCommon, auth: enAuth, setup: enSetup, profile: enProfile },
  fi: { common: fiCommon, auth: fiAuth, setup: fiSetup, profile: fiProfile },
} as const;

export type Namespace = keyof (typeof resources)['en'];
