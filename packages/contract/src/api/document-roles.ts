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
} as const;
