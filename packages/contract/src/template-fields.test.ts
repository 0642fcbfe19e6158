import { describe, expect, it } from 'vitest';
import {
  formatTemplateValue,
  isTemplateFieldName,
  parseTemplateTag,
  templateFieldsOf,
  templateTag,
  templateValueProblem,
} from './template-fields.ts';

describe('template placeholders', () => {
  it('reads name, type and default, with spaces allowed around them', () => {
    expect(parseTemplateTag('tenant_name')).toEqual({ name: 'tenant_name', type: 'text', default: null });
    expect(parseTemplateTag(' vuokra : number | 950 ')).toEqual({
      name: 'vuokra',
      type: 'number',
      default: '950',
    });
    expect(parseTemplateTag('päivä:DATE')).toEqual({ name: 'päivä', type: 'date', default: null });
    expect(parseTemplateTag('city|Helsinki, Finland')).toEqual({
      name: 'city',
      type: 'text',
      default: 'Helsinki, Finland',
    });
  });

  it('refuses bad names, unknown types and defaults of the wrong type', () => {
    for (const tag of ['two words', '1st', '', 'a-b', 'x:money', 'rent:number|lots', 'd:date|31.12.2026']) {
      expect(parseTemplateTag(tag), tag).toHaveProperty('error');
    }
  });

  it('refuses the names every object has, which values keyed by name would read instead (constructor…)', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      expect(isTemplateFieldName(name), name).toBe(false);
      expect(parseTemplateTag(name)).toEqual({
        error: `"{{${name}}}" uses a reserved name; please choose another.`,
      });
      expect(() => templateFieldsOf(['tenant', `${name}:date`])).toThrow(/reserved name/);
    }
    expect(isTemplateFieldName('Constructor')).toBe(true);
    expect(isTemplateFieldName('proto')).toBe(true);
  });

  it('makes one field per name: the first type and default given win, two types are an error', () => {
    expect(templateFieldsOf(['a', 'b:date', 'a:number|5', 'b'])).toEqual([
      { name: 'a', type: 'number', default: '5' },
      { name: 'b', type: 'date', default: null },
    ]);
    expect(() => templateFieldsOf(['a:date', 'a:number'])).toThrow(/both date and number/);
  });
});

describe('template values', () => {
  it('checks values by type', () => {
    expect(templateValueProblem({ type: 'text' }, ' ')).toBe('empty');
    expect(templateValueProblem({ type: 'text' }, 'x'.repeat(1001))).toBe('tooLong');
    expect(templateValueProblem({ type: 'date' }, '2026-02-29')).toBe('notDate');
    expect(templateValueProblem({ type: 'date' }, '2028-02-29')).toBeNull();
    expect(templateValueProblem({ type: 'number' }, '1 234,50')).toBeNull();
    expect(templateValueProblem({ type: 'number' }, '1e5')).toBe('notNumber');
  });

  it('writes dates and numbers as each language does', () => {
    expect(formatTemplateValue({ type: 'date' }, '2026-07-01', 'fi')).toBe('1.7.2026');
    expect(formatTemplateValue({ type: 'date' }, '2026-07-01', 'en')).toBe('1 July 2026');
    expect(formatTemplateValue({ type: 'number' }, '1234.5', 'fi')).toBe('1\u00a0234,5');
    expect(formatTemplateValue({ type: 'number' }, '1234,5', 'en')).toBe('1,234.5');
    expect(formatTemplateValue({ type: 'text' }, '  Matti  ', 'en')).toBe('Matti');
  });
});

describe('templateTag', () => {
  it('writes what parseTemplateTag reads back', () => {
    for (const field of [
      { name: 'tenant_name', type: 'text', default: null },
      { name: 'start_date', type: 'date', default: null },
      { name: 'rent', type: 'number', default: '950' },
      { name: 'city', type: 'text', default: 'Helsinki' },
    ] as const) {
      const tag = templateTag(field);
      expect(parseTemplateTag(tag.slice(2, -2))).toEqual(field);
    }
    expect(templateTag({ name: 'rent', type: 'number', default: '950' })).toBe('{{rent:number|950}}');
    expect(templateTag({ name: 'tenant', type: 'text', default: null })).toBe('{{tenant}}');
  });
});
