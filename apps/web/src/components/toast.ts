import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@sinetti/contract';

/** Toasts appear bottom right: errors stay 10 s, successes 5 s (SPEC §2.7). Returns the toast id. */
export function showError(message: ReactNode, title?: ReactNode): string {
  return notifications.show({
    message,
    title,
    color: 'red',
    autoClose: TOAST_ERROR_MS,
    position: 'bottom-right',
    withBorder: true,
  });
}

export function showSuccess(message: ReactNode, title?: ReactNode): string {
  return notifications.show({
    message,
    title,
    color: 'teal',
    autoClose: TOAST_SUCCESS_MS,
    position: 'bottom-right',
    withBorder: true,
  });
}
