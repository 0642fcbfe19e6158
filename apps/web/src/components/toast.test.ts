import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from './toast';

afterEach(() => vi.restoreAllMocks());

describe('toasts (SPEC §2.7)', () => {
  it('shows errors for 10 s at the bottom right', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id-1');
    expect(showError('Could not rename')).toBe('id-1');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Could not rename',
        color: 'red',
        autoClose: 10_000,
        position: 'bottom-right',
      }),
    );
  });

  it('shows successes for 5 s at the bottom right', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id-2');
    showSuccess('Renamed');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Renamed', autoClose: 5_000, position: 'bottom-right' }),
    );
  });
});
