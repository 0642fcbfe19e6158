import { z } from 'zod';
import {
  TEMPLATE_FIELD_TYPES,
  TEMPLATE_ROLES_MAX,
  TEMPLATE_ROLE_MAX,
  TEMPLATE_VALUE_MAX,
} from '../template-fields.ts';
import { nameText } from './names.ts';
import { signeeInput } from './signing-model.ts';
import { RECENT_DOCUMENTS_DEFAULT, SEARCH_MIN_EXCLUSIVE } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk } from '../envelope.ts';
import { UPLOAD_TYPES } from '../upload-types.ts';
import { idParams, uuid } from './common.ts';
import {
  CREATE_TYPES,
  DOCUMENT_FILTERS,
  DOCUMENT_TYPES,
  LIST_PAGE_DEFAULT,
  LIST_PAGE_MAX,
  SEARCH_LIMIT_MAX,
  SEARCH_OFFSET_MAX,
  SEARCH_TEXT_MAX,
  document,
  documentAbilities,
  documentIdBody,
  documentName,
} from './document-model.ts';

const documentReply = okReply({ document });
const parentParam = uuid.optional();
const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const documentFilter = z.enum(Object.keys(DOCUMENT_FILTERS) as [keyof typeof DOCUMENT_FILTERS]);

export const searchText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX, { message: `At most ${SEARCH_TEXT_MAX} characters.` })
  .refine((s) => s === '' || s.length > SEARCH_MIN_EXCLUSIVE, {
    message: `Search for more than ${SEARCH_MIN_EXCLUSIVE} characters.`,
  });

/** Multipart fields of an upload besides the file part (named `file`). */
export const uploadFields = z.object({ name: documentName('Please enter a name for the file.') });

/** A template's signee role, e.g. "Tenant". */
const templateRoleName = nameText({ max: TEMPLATE_ROLE_MAX, message: 'Name the role.' });

export const documents = {
  list: endpoint({
    id: 'documents.list',
    method: 'GET',
    path: '/documents/list/:parent?',
    access: 'organization',
    summary: 'A folder (root: the top level) and its children, folders first, then by name.',
    params: z.object({ parent: parentParam }),
    query: z.object({
      limit: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(LIST_PAGE_DEFAULT),
      offset: z.coerce.number().int().min(0).default(0),
    }),
    reply: okReply({ root: document.nullable(), documents: z.array(document), hasMore: z.boolean() }),
  }),
  create: endpoint({
    id: 'documents.create',
    method: 'POST',
    path: '/documents/create/:type/:parent?',
    access: 'organization',
    summary:
      'New folder, or a new empty DOCX contract or template (its file and PDF are made in the background).',
    params: z.object({ type: z.enum(CREATE_TYPES), parent: parentParam }),
    body: z.object({ name: documentName() }),
    reply: documentReply,
  }),
  upload: endpoint({
    id: 'documents.upload',
    method: 'POST',
    path: '/documents/upload/:type/:parent?',
    access: 'organization',
    summary:
      'Upload a file as multipart/form-data with the field `name` and the file part `file`. The extension must ' +
      'be allowed for the type on the organization platform (UPLOAD_RULES) and match the content.',
    params: z.object({ type: z.enum(UPLOAD_TYPES), parent: parentParam }),
    body: uploadFields,
    reply: documentReply,
  }),
  delete: endpoint({
    id: 'documents.delete',
    method: 'POST',
    path: '/documents/delete',
    access: 'organization',
    summary: 'Delete a document or folder (with its contents): gone from every list at once, purged later.',
    body: documentIdBody,
    reply: simpleOk,
  }),
  deletePermanently: endpoint({
    id: 'documents.deletePermanently',
    method: 'POST',
    path: '/documents/delete/permanently',
    access: 'organization',
    summary: 'Delete a document or folder (with its contents) and its files now.',
    body: documentIdBody,
    reply: simpleOk,
  }),
  rename: endpoint({
    id: 'documents.rename',
    method: 'POST',
    path: '/documents/rename',
    access: 'organization',
    summary: 'Rename; an unchanged name changes nothing.',
    body: documentIdBody.extend({ name: documentName() }),
    reply: documentReply,
  }),
  info: endpoint({
    id: 'documents.info',
    method: 'GET',
    path: '/documents/info/:id',
    access: 'organization',
    summary: 'One document, and what the caller may do with it now.',
    params: idParams,
    reply: okReply({ document, abilities: documentAbilities }),
  }),
  convert: endpoint({
    id: 'documents.convert',
    method: 'POST',
    path: '/documents/convert/:id',
    access: 'organization',
    summary:
      'Make a contract from a template (or copy a folder, its templates becoming contracts, with includeChildren) ' +
      'into parent (null or absent: the top level).',
    params: idParams,
    body: z.object({
      name: documentName(),
      includeChildren: z.boolean().default(false),
      parent: uuid.nullable().optional(),
      /**
       * The template's field values by name (templateFields); a field left out takes its default. Checked
       * against the fields' types: 400 TEMPLATE_VALUES_INVALID with details.fields naming the wrong ones.
       */
      values: z.record(z.string().max(64), z.string().max(TEMPLATE_VALUE_MAX)).optional(),
      /**
       * The people for the template's signee roles (templateFields.roles), one per role: they become the
       * contract's signees after the template's own. A role left out is 400 TEMPLATE_SIGNEES_INVALID.
       */
      signees: z
        .array(signeeInput.omit({ level: true }).extend({ role: templateRoleName }))
        .max(TEMPLATE_ROLES_MAX)
        .optional(),
    }),
    reply: okReply({ documentId: uuid }),
  }),
  saveContent: endpoint({
    id: 'documents.saveContent',
    method: 'PUT',
    path: '/documents/content/:id',
    access: 'organization',
    summary:
      'Saves the browser editor’s DOCX as the document’s file (documents edit; a DOCX contract or template ' +
      'below Signing, else 409 NOT_EDITABLE). The body is the DOCX itself (Content-Type application/' +
      'vnd.openxmlformats-officedocument.wordprocessingml.document); If-Match carries the SHA-256 of the file ' +
      'the editor opened, and a file saved by someone else since is 409 EDIT_CONFLICT. The PDF and search text ' +
      'are made again in the background (conversion pending). The file becomes the next version (origin ' +
      '`edited`, or `uploaded` for a file uploaded as a new version); the same bytes again add nothing.',
    params: idParams,
    query: z.object({ origin: z.enum(['edited', 'uploaded']).default('edited') }),
    reply: documentReply,
  }),
  templateFields: endpoint({
    id: 'documents.templateFields',
    method: 'GET',
    path: '/documents/template-fields/:id',
    access: 'organization',
    summary:
      "The fields of a template's placeholders ({{name}}, {{name:date}}, {{name:number|default}}), in document " +
      'order, for Use template to ask for; a template with malformed placeholders is 409 TEMPLATE_INVALID.',
    params: idParams,
    reply: okReply({
      fields: z.array(
        z.object({ name: z.string(), type: z.enum(TEMPLATE_FIELD_TYPES), default: z.string().nullable() }),
      ),
      /** The template's signee roles, in signing order, for Use template to ask a person for each. */
      roles: z.array(z.string()),
    }),
  }),
  setTemplateRoles: endpoint({
    id: 'documents.setTemplateRoles',
    method: 'PUT',
    path: '/documents/template-roles/:id',
    access: 'organization',
    summary:
      "Sets a template's signee roles (e.g. Tenant, Landlord; documents edit): Use template asks a person " +
      'for each. Names are unique regardless of case.',
    params: idParams,
    body: z.object({ roles: z.array(templateRoleName).max(TEMPLATE_ROLES_MAX) }),
    reply: okReply({ roles: z.array(z.string()) }),
  }),
  stats: endpoint({
    id: 'documents.stats',
    method: 'GET',
    path: '/documents/stats',
    access: 'organization',
    summary: 'Documents per state updated in the last 30 days (dashboard cards); published is always 0.',
    reply: okReply({
      draft: z.number().int(),
      pending: z.number().int(),
      complete: z.number().int(),
      archived: z.number().int(),
      published: z.literal(0),
    }),
  }),
  move: endpoint({
    id: 'documents.move',
    method: 'GET',
    path: '/documents/move/:id/:target',
    access: 'organization',
    summary: 'Move into a folder (target `root`: the top level); never into itself or its own descendant.',
    params: z.object({ id: uuid, target: z.union([z.literal('root'), uuid]) }),
    reply: documentReply,
  }),
  search: endpoint({
    id: 'documents.search',
    method: 'POST',
    path: '/documents/search/:filter?',
    access: 'organization',
    summary:
      'Text search over names and content, best match first; with empty text the most recent documents ' +
      '(orderBy/orderValue/limit/offset); with a filter only documents in that state; with type only that type ' +
      '(type=template: the template library). A text search ranked by relevance answers the best `limit` ' +
      'matches (no offset); with orderBy it pages like the other lists.',
    params: z.object({ filter: documentFilter.optional() }),
    query: z.object({
      orderBy: z.enum(['updated', 'created', 'name']).optional(),
      orderValue: z
        .string()
        .transform((v) => v.toUpperCase())
        .pipe(z.enum(['ASC', 'DESC']))
        .optional(),
      limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(RECENT_DOCUMENTS_DEFAULT),
      /** Skip this many (lists in one order: empty text, or text with orderBy). */
      offset: z.coerce.number().int().min(0).max(SEARCH_OFFSET_MAX).default(0),
      type: z.enum(DOCUMENT_TYPES).optional(),
    }),
    body: z.object({ text: searchText.default('') }),
    /** hasMore: another page follows (always false for a text search ranked by relevance). */
    reply: okReply({ documents: z.array(document), hasMore: z.boolean() }),
  }),
  content: endpoint({
    id: 'documents.content',
    method: 'GET',
    path: '/documents/content/:id/:hash?',
    access: 'organization',
    summary:
      'The preview content (the signed PDF once the document is signed; else the PDF rendition when there is ' +
      'one, else the original), base64. When hash is the current hash and force is not set, content is null: ' +
      'the client keeps what it has.',
    params: z.object({
      id: uuid,
      hash: z
        .string()
        .regex(/^[0-9a-f]{64}$/, 'Must be a SHA-256 hex hash.')
        .optional(),
    }),
    query: z.object({ force: flag }),
    reply: okReply({
      hash: z.string(),
      content: z.string().nullable(),
      contentMimeType: z.string(),
      conversion: document.shape.conversion,
      /** The content is the signed and sealed PDF (not the original). */
      signed: z.boolean().optional(),
    }),
  }),
  download: endpoint({
    id: 'documents.download',
    method: 'GET',
    path: '/documents/download/:id',
    access: 'organization',
    summary:
      'The file itself (not JSON) as an attachment: the original, or the PDF rendition with rendition=pdf; ' +
      'with version=N, that version’s (404 when it has no such file).',
    params: idParams,
    query: z.object({
      rendition: z.enum(['original', 'pdf']).default('original'),
      /** An earlier version's file instead of the current one (versions.list). */
      version: z.coerce.number().int().min(1).max(1_000_000).optional(),
    }),
    reply: z.string().describe('binary file'),
  }),
  archive: endpoint({
    id: 'documents.archive',
    method: 'POST',
    path: '/documents/archive',
    access: 'organization',
    summary: 'Archive a draft, published or signed document (not while signing).',
    body: documentIdBody,
    reply: documentReply,
  }),
  restore: endpoint({
    id: 'documents.restore',
    method: 'POST',
    path: '/documents/restore',
    access: 'organization',
    summary: 'Return an archived document to the state it had before archiving.',
    body: documentIdBody,
    reply: documentReply,
  }),
} as const;
