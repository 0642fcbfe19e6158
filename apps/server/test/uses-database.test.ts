import { describe, expect, it } from 'vitest';
import { filesUsingDatabase } from './uses-database.ts';

const root = `${import.meta.dirname}/..`;

describe('the PostgreSQL run’s files (filesUsingDatabase)', () => {
  it('keeps the files that open a database, directly or through helpers and the app', () => {
    const files = [
      'test/foundation.test.ts', // through test/helper.ts and the app
      'test/authorization-matrix.test.ts',
      'test/documents-race.postgres.test.ts',
      'test/pdf-signing.test.ts', // PDF signing only
      'test/mail-templates.test.ts',
      'src/services/conversion/epub.test.ts',
    ];
    expect(filesUsingDatabase(root, files)).toEqual([
      'test/foundation.test.ts',
      'test/authorization-matrix.test.ts',
      'test/documents-race.postgres.test.ts',
    ]);
  });
});
