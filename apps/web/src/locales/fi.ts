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

/** Every Finnish namespace in one chunk, loaded when Finnish is the language (./load.ts). */
export default {
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
} as const;
