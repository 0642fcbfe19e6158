import { P } from '@sinetti/contract';

/**
 * Roles seeded in every new organization (see docs/decisions.md). The owner needs none: the owner
 * holds every permission. "Member" is the default role given to people who join.
 */
export const DEFAULT_ROLES: { name: string; isDefault: boolean; permissions: number[] }[] = [
  {
    name: 'Administrator',
    isDefault: false,
    permissions: [
      P.ORG_VIEW_DETAILS,
      P.ORG_VIEW_BALANCE,
      P.ORG_VIEW_USERS,
      P.ORG_VIEW_ROLES,
      P.ORG_USERS_INVITE,
      P.ORG_EDIT_DETAILS,
      P.ORG_EDIT_ROLES,
      P.USERS_VIEW_DETAILS,
      P.USERS_VIEW_ROLES,
      P.USERS_EDIT_DETAILS,
      P.USERS_EDIT_ROLES,
      P.ORG_USERS_REMOVE,
      P.DOCUMENTS_VIEW,
      P.DOCUMENTS_VIEW_ROLES,
      P.DOCUMENTS_CREATE,
      P.DOCUMENTS_EDIT,
      P.DOCUMENTS_EDIT_ROLES,
      P.DOCUMENTS_DELETE,
      P.DOCUMENTS_DELETE_ROLES,
    ],
  },
  {
    name: 'Member',
    isDefault: true,
    permissions: [
      P.ORG_VIEW_DETAILS,
      P.ORG_VIEW_USERS,
      P.USERS_VIEW_DETAILS,
      P.DOCUMENTS_VIEW,
      P.DOCUMENTS_CREATE,
      P.DOCUMENTS_EDIT,
      P.DOCUMENTS_DELETE,
    ],
  },
  {
    name: 'Viewer',
    isDefault: false,
    permissions: [P.ORG_VIEW_DETAILS, P.DOCUMENTS_VIEW],
  },
];
