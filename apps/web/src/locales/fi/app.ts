import setup from './setup.json';
import profile from './profile.json';
import settings from './settings.json';
import billing from './billing.json';
import documents from './documents.json';
import roles from './roles.json';
import members from './members.json';
import organizations from './organizations.json';

/** Finnish: the signed-in app; one chunk, loaded when first needed (../load.ts). */
export default { setup, profile, settings, billing, documents, roles, members, organizations } as const;
