import enAuth from './en/auth.json';
import enBilling from './en/billing.json';
import enCommon from './en/common.json';
import enDocuments from './en/documents.json';
import enErrors from './en/errors.json';
import enMembers from './en/members.json';
import enOrganizations from './en/organizations.json';
import enProfile from './en/profile.json';
import enRoles from './en/roles.json';
import enSettings from './en/settings.json';
import enSigning from './en/signing.json';
import enSetup from './en/setup.json';
import enVerify from './en/verify.json';
import fiAuth from './fi/auth.json';
import fiBilling from './fi/billing.json';
import fiCommon from './fi/common.json';
import fiDocuments from './fi/documents.json';
import fiErrors from './fi/errors.json';
import fiMembers from './fi/members.json';
import fiOrganizations from './fi/organizations.json';
import fiProfile from './fi/profile.json';
import fiRoles from './fi/roles.json';
import fiSettings from './fi/settings.json';
import fiSigning from './fi/signing.json';
import fiSetup from './fi/setup.json';
import fiVerify from './fi/verify.json';

/** One JSON file per namespace and language; every key in en must exist in fi (locales.test.ts). */
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    setup: enSetup,
    profile: enProfile,
    settings: enSettings,
    billing: enBilling,
    documents: enDocuments,
    signing: enSigning,
    errors: enErrors,
    roles: enRoles,
    members: enMembers,
    organizations: enOrganizations,
    verify: enVerify,
  },
  fi: {
    common: fiCommon,
    auth: fiAuth,
    setup: fiSetup,
    profile: fiProfile,
    settings: fiSettings,
    billing: fiBilling,
    documents: fiDocuments,
    signing: fiSigning,
    errors: fiErrors,
    roles: fiRoles,
    members: fiMembers,
    organizations: fiOrganizations,
    verify: fiVerify,
  },
} as const;

export type Namespace = keyof (typeof resources)['en'];
