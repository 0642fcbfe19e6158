import { describe, expect, it } from 'vitest';
import { baseNameOf, extensionOf, isUploadAllowed, mimeTypeOf, uploadTypesFor } from './upload-types.ts';

describe('upload types by extension and platform (SPEC §5)', () => {
  it('offers every type for a DOCX on google and all but template/contract for an XLSX', () => {
    expect(uploadTypesFor('google', 'docx')).toEqual(['contract-noedit', 'contract', 'template', 'file']);
    expect(uploadTypesFor('google', 'xlsx')).toEqual(['contract-noedit', 'file']);
    expect(uploadTypesFor('google', 'dotx')).toEqual(['contract', 'template', 'file']);
  });

  it('follows the microsoft lists', () => {
    expect(uploadTypesFor('microsoft', 'pdf')).toEqual(['contract-noedit', 'file']);
    expect(uploadTypesFor('microsoft', 'dotx')).toEqual(['file']);
    expect(uploadTypesFor('microsoft', 'pptx')).toEqual(['contract-noedit', 'file']);
    expect(isUploadAllowed('microsoft', 'contract', 'rtf')).toBe(true);
    expect(isUploadAllowed('google', 'contract-noedit', 'odt')).toBe(false);
  });

  it('always allows file, even without an extension', () => {
    expect(uploadTypesFor('google', '')).toEqual(['file']);
    expect(isUploadAllowed('microsoft', 'file', 'zip')).toBe(true);
  });

  it('reads extensions and names the upload dialog prefills', () => {
    expect(extensionOf('Lease 2026.DOCX')).toBe('docx');
    expect(extensionOf('C:\\x\\archive.tar.gz')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(baseNameOf('Lease 2026.docx')).toBe('Lease 2026');
    expect(mimeTypeOf('PDF')).toBe('application/pdf');
    expect(mimeTypeOf('exe')).toBe('application/octet-stream');
  });
});
