import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';
import { uuid } from './common.ts';

export const documentRoleRef = z.object({ id: uuid, name: z.string() });

/**
 * Who may see and work on a document or folder (SPEC §2.7 document-roles). A document with roles of its own
 * is seen by members holding one of them; without, its nearest folder above with roles decides; with none
 * anywhere, every member with documents view sees it. The owner sees everything.
 */
export const documentRolesReply = okReply({
  /** The roles given to this document itself. */
  roles: z.array(documentRoleRef),
  /** Without roles of its own: the nearest folder above whose roles decide, else null. */
  inheritedFrom: documentRoleRef.nullable(),
  /** The roles that decide now (its own or inherited); empty: every member with documents view. */
  effective: z.array(documentRoleRef),
  /** Every role of the organization, to choose from. */
  available: z.array(documentRoleRef),
});
export type DocumentRoles = z.infer<typeof documentRolesReply>;

const docParams = z.object({ docId: uuid });

/** Roles one documentRolesChange call may give or take away (each list). */
export const DOCUMENT_ROLES_CHANGE_MAX = 100;
const docRoleParams = z.object({ docId: uuid, roleId: uuid });

export const documentRoleEndpoints = {
  documentRoles: endpoint({
    id: 'privileges.documentRoles',
    method: 'GET',
    path: '/privileges/document-roles/:docId',
    access: 'organization',
    summary: 'The roles that may see and work on a document or folder (documents view roles, 19).',
    params: docParams,
    reply: documentRolesReply,
  }),
  documentRoleAdd: endpoint({
    id: 'privileges.documentRoleAdd',
    method: 'GET',
    path: '/privileges/document-role/:docId/:roleId',
    access: 'organization',
    summary:
      'Gives a role to a document or folder (documents edit roles, 23); what is inside a folder follows it ' +
      'unless it has roles of its own. Adding a role it already has changes nothing.',
    params: docRoleParams,
    reply: documentRolesReply,
  }),
  documentRoleDelete: endpoint({
    id: 'privileges.documentRoleDelete',
    method: 'GET',
    path: '/privileges/document-delete/:docId/:roleId',
    access: 'organization',
    summary: 'Takes a role from a document or folder (documents delete roles, 26).',
    params: docRoleParams,
    reply: documentRolesReply,
  }),
  documentRolesChange: endpoint({
    id: 'privileges.documentRolesChange',
    method: 'POST',
    path: '/privileges/document-roles/:docId',
    access: 'organization',
    summary:
      'Gives and takes away several roles of a document or folder at once, all or none (documents edit roles, ' +
      '23, to give; documents delete roles, 26, to take away). One call, because the first role given can ' +
      'hide the item from the caller: one call at a time would then answer 404 for the rest. An unknown role ' +
      'is 404 and changes nothing; a role in both lists is 400.',
    params: docParams,
    body: z
      .object({
        add: z.array(uuid).max(DOCUMENT_ROLES_CHANGE_MAX).default([]),
        remove: z.array(uuid).max(DOCUMENT_ROLES_CHANGE_MAX).default([]),
      })
      .refine((b) => !b.add.some((id) => b.remove.includes(id)), {
        message: 'A role cannot be both given and taken away.',
        path: ['remove'],
      }),
    reply: documentRolesReply,
  }),
} as const;
