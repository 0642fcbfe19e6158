import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SigningField } from '@sinetti/contract';
import { signingFieldOf } from '../test/session';
import { useFieldWalk } from './useFieldWalk';

const field = (n: number, kind: SigningField['kind']) => signingFieldOf(n, kind);

describe('the walk through the fields (issue #33 item 2)', () => {
  it('focuses a field asked for before its element exists as soon as the overlay registers it', () => {
    const fields = [field(1, 'text'), field(2, 'checkbox')];
    const { result } = renderHook(() => useFieldWalk(fields, false));
    // Start tapped while the overlay's code or the page is still loading: nothing to focus yet.
    act(() => result.current.next());
    expect(result.current.current).toBeNull();

    const input = document.createElement('input');
    document.body.append(input);
    act(() => result.current.register(fields[0]!.id)(input));
    expect(document.activeElement).toBe(input);
    expect(result.current.current).toBe(fields[0]!.id);

    // Only the field asked for: registering another one later does not take the focus.
    const box = document.createElement('input');
    document.body.append(box);
    act(() => result.current.register(fields[1]!.id)(box));
    expect(document.activeElement).toBe(input);
    input.remove();
    box.remove();
  });
});
