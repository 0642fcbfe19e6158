import type { DocumentAbilities } from '@sinetti/contract';

/** A document's abilities as the server sends them: everything allowed unless overridden. */
export function makeAbilities(overrides: Partial<DocumentAbilities> = {}): DocumentAbilities {
  return {
    view: true,
    download: true,
    rename: true,
    move: true,
    delete: true,
    archive: true,
    restore: false,
    edit: true,
    editSignees: true,
    send: true,
    cancel: false,
    remind: false,
    convert: true,
    bulkSend: false,
    createInside: false,
    viewRoles: true,
    editRoles: true,
    share: true,
    deleteRoles: true,
    ...overrides,
  };
}
