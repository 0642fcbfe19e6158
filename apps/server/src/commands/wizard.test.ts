import { describe, expect, it } from 'vitest';
import type { WizardData } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import {
  cleanInviteRows,
  goToStep,
  initialWizard,
  nextOpenStep,
  normalizeWizard,
  saveStep,
  skipStep,
  startWizard,
  validateStepData,
} from './wizard.ts';

const at = (step: number, skipped: number[] = [], data: Record<string, unknown> = {}): WizardData => ({
  step,
  skipped,
  data,
});

function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('skipStep', () => {
  it('from step 1 passes over steps 2-4 and lands on 5', () => {
    expect(skipStep(at(1))).toEqual(at(5, [2, 3, 4], { 1: { create: false } }));
  });
  it('lets steps 3 and 5 skip themselves', () => {
    expect(skipStep(at(3))).toEqual(at(4, [3]));
    expect(skipStep(at(5, [3]))).toEqual(at(6, [3, 5]));
  });
  it('from step 4 clears the invite rows and goes to 5 without marking 4 skipped', () => {
    expect(skipStep(at(4, [3], { 4: { emails: ['a@b.fi'] } }))).toEqual(at(5, [3], { 4: { emails: [] } }));
  });
  it('from step 4 passes over an already skipped step 5', () => {
    expect(skipStep(at(4, [3, 5])).step).toBe(6);
  });
  it('refuses to skip the organization name and the confirmation', () => {
    expect(appErrorOf(() => skipStep(at(2))).code).toBe('CONFLICT');
    expect(appErrorOf(() => skipStep(at(6))).code).toBe('CONFLICT');
  });
});

describe('goToStep', () => {
  it('going back passes over skipped steps (from 6 with 2-5 skipped lands on 1)', () => {
    expect(goToStep(at(6, [2, 3, 4, 5]), 5).step).toBe(1);
  });
  it('going back from 6 after the normal journey lands on 4', () => {
    expect(goToStep(at(6, [3, 5]), 5).step).toBe(4);
    expect(goToStep(at(4, [3, 5]), 3).step).toBe(2);
  });
  it('going forward passes over skipped steps', () => {
    expect(goToStep(at(1, [2, 3, 4]), 2).step).toBe(5);
  });
  it('goes to an open step as asked and keeps the data', () => {
    const w = at(4, [3], { 2: { name: 'Acme' } });
    expect(goToStep(w, 2)).toEqual(at(2, [3], { 2: { name: 'Acme' } }));
    expect(goToStep(w, 4)).toBe(w);
  });
});

describe('saveStep', () => {
  it('saves the data and advances to the next open step', () => {
    expect(saveStep(at(2, [3]), 2, { name: 'Acme' })).toEqual(at(4, [3], { 2: { name: 'Acme' } }));
  });
  it('un-skips the saved step', () => {
    expect(saveStep(at(5, [3, 5]), 3, {})).toEqual(at(4, [5], { 3: {} }));
  });
  it('step 1 with create=false skips 2-4; create=true brings them back', () => {
    const skipped = saveStep(at(1), 1, { create: false });
    expect(skipped).toEqual(at(5, [2, 3, 4], { 1: { create: false } }));
    const back = saveStep({ ...skipped, step: 1 }, 1, { create: true });
    expect(back).toEqual(at(2, [], { 1: { create: true } }));
  });
  it('stays on the last step when it is saved', () => {
    expect(saveStep(at(6), 6, {}).step).toBe(6);
  });
});

describe('state helpers', () => {
  it('start goes to step 1 and keeps what was saved', () => {
    expect(startWizard(at(4, [3], { 2: { name: 'A' } }))).toEqual(at(1, [3], { 2: { name: 'A' } }));
  });
  it('nextOpenStep clamps at both ends', () => {
    expect(nextOpenStep([5, 6], 5, 1)).toBe(6);
    expect(nextOpenStep([1, 2], 2, -1)).toBe(1);
  });
  it('normalizeWizard repairs malformed stored state', () => {
    expect(normalizeWizard(null)).toEqual(initialWizard());
    expect(normalizeWizard({ step: 9, data: [], skipped: [4, 'x', 2, 4, 0] })).toEqual(at(1, [2, 4]));
    expect(normalizeWizard({ step: 3, data: { 1: { create: true } }, skipped: [] })).toEqual(
      at(3, [], { 1: { create: true } }),
    );
  });
});

describe('validateStepData', () => {
  it('needs a boolean create flag on step 1', () => {
    expect(validateStepData(1, { create: true })).toEqual({ create: true });
    const err = appErrorOf(() => validateStepData(1, { create: 'yes' }));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.fields).toHaveProperty('create');
  });
  it('needs a non-empty organization name on step 2 and trims it', () => {
    expect(validateStepData(2, { name: '  Acme Oy ' })).toEqual({ name: 'Acme Oy' });
    for (const name of ['', '   ', undefined]) {
      const err = appErrorOf(() => validateStepData(2, { name }));
      expect(err.code).toBe('VALIDATION_FAILED');
      if (name !== undefined) expect(err.fields).toEqual({ name: 'Organization name is required.' });
    }
  });
  it('ignores empty invite rows on step 4 and stops at the first invalid address', () => {
    expect(validateStepData(4, { emails: ['a@b.fi', '', '  '] })).toEqual({ emails: ['a@b.fi'] });
    expect(validateStepData(4, {})).toEqual({ emails: [] });
    const err = appErrorOf(() => validateStepData(4, { emails: ['ok@b.fi', 'bad', 'worse@'] }));
    expect(err.message).toBe('Invalid email address: bad');
    expect(err.fields).toEqual({ emails: 'Invalid email address: bad' });
    expect(appErrorOf(() => validateStepData(4, { emails: 'a@b.fi' })).code).toBe('VALIDATION_FAILED');
    expect(appErrorOf(() => validateStepData(4, { emails: [1] })).code).toBe('VALIDATION_FAILED');
  });
  it('drops unknown keys of steps without data', () => {
    expect(validateStepData(3, { anything: 1 })).toEqual({});
  });
  it('cleanInviteRows names the field it checks', () => {
    expect(appErrorOf(() => cleanInviteRows(['x@y'], 'invites')).fields).toEqual({
      invites: 'Invalid email address: x@y',
    });
  });
});
