import {
  BULK_SEND_ROWS_MAX,
  bulkColumnsOf,
  documentName,
  ownValue,
  parseCsv,
  signeeInput,
  templateValueProblem,
  type BulkColumn,
  type BulkPreview,
  type BulkPreviewRow,
  type TemplateField,
} from '@sinetti/contract';

/**
 * Reads a bulk send's CSV against its template (issue #33 item 4): which header names what
 * (`<Role> email`…, field names, `document name`), then each row checked as Use template checks its input
 * (the contract's signee and document name schemas, templateValueProblem for field values). Pure: the
 * preview shows the result, the start stores the rows that pass. One pass over at most 512 KB of text
 * (the contract's BULK_SEND_CSV_MAX) takes a few milliseconds, so it runs on the request, not in a worker.
 */

export interface BulkCsvInput {
  templateName: string;
  roles: readonly string[];
  fields: readonly TemplateField[];
  /** Addresses of the template's own signees, which every contract made from it has too. */
  templateEmails: readonly string[];
}

type FileProblem = BulkPreview['fileProblems'][number];
export interface BulkCsvResult {
  fileProblems: FileProblem[];
  rows: BulkPreviewRow[];
}

const personSchema = signeeInput.pick({ givenName: true, familyName: true, email: true });
const nameSchema = documentName();

const SUFFIX = { email: 'email', givenName: 'first name', familyName: 'last name' } as const;

/**
 * The problems of the header: missing e-mail and required field columns, unknown and repeated ones (each
 * column named once, however often it repeats). A header naming more distinct columns than the template
 * could use (three per role, one per field, the document name) is one problem, tooManyColumns (`count`: its
 * named columns), instead of one unknownColumn per column it cannot use. Known columns are counted once
 * each, so they never exceed the limit: a header is over it only by unknown columns, and a known column
 * repeated is duplicateColumn whatever the header's width.
 */
function headerProblems(header: string[], columns: (BulkColumn | null)[], input: BulkCsvInput) {
  const seen = new Set<string>();
  const repeated = new Map<string, string>();
  const unknown = new Set<string>();
  columns.forEach((c, i) => {
    const label = header[i]?.trim() ?? '';
    if (c === null) {
      if (label !== '') unknown.add(label);
      return;
    }
    const id = c.kind === 'field' ? `field:${c.name}` : c.kind === 'name' ? 'name' : `${c.kind}:${c.role}`;
    if (seen.has(id) && !repeated.has(id)) repeated.set(id, label);
    seen.add(id);
  });
  const named = header.filter((h) => h.trim() !== '').length;
  const max = input.roles.length * 3 + input.fields.length + 1;
  const problems: FileProblem[] =
    seen.size + unknown.size > max
      ? [{ problem: 'tooManyColumns', count: named, max }]
      : [...unknown].map((column) => ({ problem: 'unknownColumn', column }));
  for (const column of repeated.values()) problems.push({ problem: 'duplicateColumn', column });
  for (const role of input.roles) {
    if (!seen.has(`email:${role}`)) problems.push({ problem: 'missingColumn', column: `${role} email` });
  }
  for (const field of input.fields) {
    if (field.default === null && !seen.has(`field:${field.name}`)) {
      problems.push({ problem: 'missingColumn', column: field.name });
    }
  }
  return problems;
}

function checkRow(
  cells: string[],
  line: number,
  header: string[],
  columns: (BulkColumn | null)[],
  input: BulkCsvInput,
): BulkPreviewRow {
  const problems: Record<string, BulkPreviewRow['problems'][string]> = {};
  const cell = (i: number) => (cells[i] ?? '').trim();
  if (cells.slice(header.length).some((c) => c.trim() !== '')) problems.columns = 'columns';
  const people = new Map(
    input.roles.map((role) => [role, { role, email: '', givenName: '', familyName: '' }]),
  );
  const given: Record<string, string> = {};
  let name = input.templateName;
  columns.forEach((c, i) => {
    if (c === null) return;
    if (c.kind === 'name') name = cell(i) || input.templateName;
    else if (c.kind === 'field') given[c.name] = cell(i);
    else {
      const person = people.get(c.role);
      if (person) person[c.kind] = cell(i);
    }
  });
  const emails = new Set(input.templateEmails);
  for (const person of people.values()) {
    const parsed = personSchema.safeParse(person);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const kind = issue.path[0] as keyof typeof SUFFIX;
        problems[`${person.role} ${SUFFIX[kind]}`] = kind === 'email' ? 'email' : 'name';
      }
      continue;
    }
    Object.assign(person, parsed.data);
    // Two signees of one document with one address are refused by Use template (SIGNEE_ALREADY_ADDED).
    if (emails.has(person.email)) problems[`${person.role} email`] = 'duplicateEmail';
    emails.add(person.email);
  }
  const values: Record<string, string> = {};
  for (const field of input.fields) {
    const value = ownValue(given, field.name) ?? '';
    // An empty cell takes the field's default when it has one, as a value left out of Use template does.
    if (value === '' && field.default !== null) continue;
    const problem = templateValueProblem(field, value);
    if (problem) problems[field.name] = problem;
    else values[field.name] = value;
  }
  const checkedName = nameSchema.safeParse(name);
  if (!checkedName.success) problems['document name'] = 'name';
  return {
    line,
    name: checkedName.success ? checkedName.data : name,
    signees: [...people.values()],
    values,
    problems,
  };
}

/** The file's problems and every row checked (none when the file itself cannot be read or is too long). */
export function checkBulkCsv(csv: string, input: BulkCsvInput): BulkCsvResult {
  const parsed = parseCsv(csv);
  if (!parsed.ok) return { fileProblems: [{ problem: parsed.problem, line: parsed.line }], rows: [] };
  const [header = [], ...data] = parsed.rows;
  if (data.length === 0) return { fileProblems: [{ problem: 'noRows' }], rows: [] };
  if (data.length > BULK_SEND_ROWS_MAX) return { fileProblems: [{ problem: 'tooManyRows' }], rows: [] };
  const names = input.fields.map((f) => f.name);
  const columns = bulkColumnsOf(header, input.roles, names);
  const fileProblems = headerProblems(header, columns, input);
  // Lines as a spreadsheet numbers them: the header is 1 (rows with line breaks inside quotes count once).
  const rows = data.map((cells, i) => checkRow(cells, i + 2, header, columns, input));
  return { fileProblems, rows };
}
