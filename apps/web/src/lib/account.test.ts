import { describe, expect, it } from 'vitest';
import { initialsOf } from './account';

describe('initialsOf (SPEC §2.5)', () => {
  it('takes the first letters of the first two words, upper case', () => {
    expect(initialsOf('Matti Meikäläinen')).toBe('MM');
    expect(initialsOf('anna maria virtanen')).toBe('AM');
    expect(initialsOf('  Äijä   öljy ')).toBe('ÄÖ');
    expect(initialsOf('Cher')).toBe('C');
  });

  it('gives nothing without a name (the avatar then shows a person icon)', () => {
    expect(initialsOf('')).toBe('');
    expect(initialsOf('   ')).toBe('');
    expect(initialsOf(null)).toBe('');
    expect(initialsOf(undefined)).toBe('');
  });
});
