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

/** Every English namespace in one chunk, loaded when English is the language (./load.ts). */
export default {
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
} as const;
