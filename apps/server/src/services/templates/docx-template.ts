import Docxtemplater, { type DXT } from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import {
  formatTemplateValue,
  templateFieldsOf,
  templateValueProblem,
  type Language,
  type TemplateField,
} from '@sinetti/contract';
import { readArchive } from '../conversion/archive.ts';

/**
 * Template fields in a DOCX (issue 13 item 4), with docxtemplater: it finds `{{…}}` placeholders also when
 * Word has split one over several runs, and fills them keeping the run's formatting. Runs in the PDF worker
 * pool (worker/tasks.ts), never on the API's event loop: the DOCX is untrusted. Its archive is first read
 * within the conversion's limits (a ZIP bomb is refused before PizZip inflates anything).
 */

/** Not ok: the file cannot be used as a template (malformed placeholders, not a readable DOCX). */
export type TemplateOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

const DELIMITERS = { start: '{{', end: '}}' };

interface InspectedTag {
  type: string;
  value: string;
  module?: string;
  subparsed?: InspectedTag[];
}

async function openDocx(docx: Uint8Array): Promise<PizZip> {
  await readArchive(Buffer.from(docx.buffer, docx.byteOffset, docx.byteLength));
  return new PizZip(docx);
}

/** docxtemplater's errors (a MultiError holds one per bad placeholder) as one sentence. */
function explain(err: unknown): string {
  const props = (err as { properties?: { errors?: { properties?: { explanation?: string } }[] } })
    ?.properties;
  const each = props?.errors?.map((e) => e.properties?.explanation).filter(Boolean) ?? [];
  return each.length > 0 ? each.slice(0, 3).join(' ') : ((err as Error)?.message ?? String(err));
}

/** A placeholder (`name:type|default`) reads its field's value by the name. */
const fieldName = (tag: string) => (tag.split(/[:|]/, 1)[0] ?? '').trim();

function compile(zip: PizZip, modules: DXT.Module[] = []): Docxtemplater {
  return new Docxtemplater(zip, {
    delimiters: DELIMITERS,
    paragraphLoop: true,
    linebreaks: true,
    errorLogging: false,
    modules,
    parser: (tag: string) => ({ get: (scope: Record<string, string>) => scope[fieldName(tag)] ?? '' }),
  });
}

/** The placeholders in document order (body, headers, footers); loops and raw XML are not fields. */
function placeholders(zip: PizZip): string[] {
  const inspect = new InspectModule();
  compile(zip, [inspect]);
  const tags: string[] = [];
  const visit = (list: InspectedTag[]) => {
    for (const tag of list) {
      if (tag.module)
        throw new Error(`"{{${tag.value}}}" is not a field: loops and raw XML are not supported.`);
      tags.push(tag.value);
    }
  };
  visit(inspect.getAllStructuredTags() as InspectedTag[]);
  return tags;
}

async function attempt<T>(work: () => Promise<T> | T): Promise<TemplateOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    // A DOCX past the archive limits or not a DOCX at all cannot be used as a template either.
    return { ok: false, message: explain(err) };
  }
}

/** The fields of a template's DOCX. */
export function docxFields(docx: Uint8Array): Promise<TemplateOutcome<TemplateField[]>> {
  return attempt(async () => templateFieldsOf(placeholders(await openDocx(docx))));
}

export interface FillInput {
  docx: Uint8Array;
  /** The values given by field name; a field without one takes its default. */
  given: Record<string, string> | undefined;
  language: Language;
}

/**
 * What filling a template came to: its DOCX with the values in, no fields at all (the copy keeps the
 * template's file), or the fields whose value is missing or ill-typed (empty, tooLong, notDate, notNumber).
 */
export type FillResult =
  | { kind: 'filled'; docx: Uint8Array }
  | { kind: 'noFields' }
  | { kind: 'invalid'; problems: Record<string, string> };

/** Every field's value: the one given, else its default; or each field's problem. */
function checkValues(
  fields: TemplateField[],
  given: Record<string, string> | undefined,
): { values: Record<string, string> } | { problems: Record<string, string> } {
  const values: Record<string, string> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = given?.[field.name] ?? field.default ?? '';
    const problem = templateValueProblem(field, value);
    if (problem) problems[field.name] = problem;
    else values[field.name] = value;
  }
  return Object.keys(problems).length > 0 ? { problems } : { values };
}

/**
 * The DOCX with every placeholder replaced by its field's value, as the language writes it: one reading
 * of the file finds the fields, checks the values and fills them in.
 */
export function fillDocx(input: FillInput): Promise<TemplateOutcome<FillResult>> {
  return attempt(async (): Promise<FillResult> => {
    const zip = await openDocx(input.docx);
    const fields = templateFieldsOf(placeholders(zip));
    if (fields.length === 0) return { kind: 'noFields' };
    const checked = checkValues(fields, input.given);
    if ('problems' in checked) return { kind: 'invalid', problems: checked.problems };
    const data: Record<string, string> = {};
    for (const field of fields) {
      data[field.name] = formatTemplateValue(field, checked.values[field.name] ?? '', input.language);
    }
    const doc = compile(zip);
    doc.render(data);
    return {
      kind: 'filled',
      docx: new Uint8Array(doc.getZip().generate({ type: 'uint8array', compression: 'DEFLATE' })),
    };
  });
}
