import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session';
import { ORG_ACME, ORG_PERSONAL, makeAccount, resetTestState, signInAs } from '../test/utils';
import { keepSelectedOrganizationValid } from '../lib/account';

afterEach(resetTestState);

describe('keepSelectedOrganizationValid', () => {
  it('keeps a selected organization that is among the account organizations', () => {
    signInAs('OK', ORG_PERSONAL);
    keepSelectedOrganizationValid(makeAccount());
    expect(sessionStore.get()).toMatchObject({ selectedOrganization: ORG_PERSONAL });
  });

  it("replaces an unknown one with the account's selected organization", () => {
    signInAs('OK', 'gone');
    keepSelectedOrganizationValid(makeAccount());
    expect(sessionStore.get()).toMatchObject({ selectedOrganization: ORG_ACME });
    expect(sessionStore.selectedOrganization()).toBe(ORG_ACME);
  });

  it('falls back to the default organization, then the first one', () => {
    signInAs('OK', 'gone');
    keepSelectedOrganizationValid(
      makeAccount({ selectedOrganization: 'also-gone', defaultOrganization: ORG_PERSONAL }),
    );
    expect(sessionStore.selectedOrganization()).toBe(ORG_PERSONAL);
    keepSelectedOrganizationValid(
      makeAccount({
        selectedOrganization: 'x',
        defaultOrganization: 'y',
        organizations: makeAccount().organizations.slice(1),
      }),
    );
    expect(sessionStore.selectedOrganization()).toBe(ORG_ACME);
  });
});
