import type { Account, OrganizationSummary } from '@sinetti/contract';
import { normalizeWizard, presentWizard } from '../commands/wizard.ts';
import {
  defaultOrganizationOf,
  selectedOrganizationOf,
  type AccountView,
  type OrganizationRow,
  type PersonRow,
} from '../queries/account.ts';

/** Given plus family name, or the e-mail when both are empty (SPEC §3). */
export function fullNameOf(person: Pick<PersonRow, 'givenName' | 'familyName'>, email: string): string {
  const name = [person.givenName.trim(), person.familyName.trim()].filter((p) => p !== '').join(' ');
  return name === '' ? email : name;
}

export function presentOrganizationSummary(
  o: OrganizationRow,
  accountId: string,
  defaultId: string,
): OrganizationSummary {
  const isMine = o.ownerAccountId === accountId;
  return {
    id: o.id,
    name: o.name,
    platform: o.platform,
    ownerAccount: o.ownerAccountId,
    plan: o.plan,
    isPersonal: o.isPersonal,
    isMine,
    isDefault: o.id === defaultId,
    canLeave: !isMine && !o.isPersonal,
  };
}

/** The contract's Account: the signed-in person, their organizations ('Personal' first) and settings. */
export function presentAccount(view: AccountView): Account {
  const { account, person } = view;
  const defaultOrganization = defaultOrganizationOf(view);
  return {
    id: account.id,
    created: account.createdAt.toISOString(),
    updated: account.updatedAt.toISOString(),
    subId: account.subId,
    platform: account.platform,
    email: account.email,
    person: {
      id: person.id,
      created: person.createdAt.toISOString(),
      updated: person.updatedAt.toISOString(),
      givenName: person.givenName,
      familyName: person.familyName,
      address: person.address,
    },
    fullName: fullNameOf(person, account.email),
    picture: account.picture,
    organizations: view.organizations.map((o) =>
      presentOrganizationSummary(o, account.id, defaultOrganization),
    ),
    language: account.language,
    wizard: !account.setupComplete,
    wizardSteps: presentWizard(normalizeWizard(account.wizard), account.setupComplete),
    defaultOrganization,
    selectedOrganization: selectedOrganizationOf(view),
    settings: { region: account.region, timezone: account.timezone, language: account.language },
  };
}
