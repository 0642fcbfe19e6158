import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@sinetti/contract';
import i18n from '../lib/i18n';

function show(message: ReactNode, title: ReactNode, color: string, autoClose: number): string {
  return notifications.show({
    message,
    title,
    color,
    autoClose,
    position: 'bottom-right',
    withBorder: true,
    // Mantine's close button has no text of its own: name it, in the language shown (WCAG 4.1.2).
    closeButtonProps: { 'aria-label': i18n.t('common:modal.close') },
  });
}

/** Toasts appear bottom right: errors stay 10 s, successes 5 s (SPEC §2.7). Returns the toast id. */
export function showError(message: ReactNode, title?: ReactNode): string {
  return show(message, title, 'red', TOAST_ERROR_MS);
}

export function showSuccess(message: ReactNode, title?: ReactNode): string {
  return show(message, title, 'teal', TOAST_SUCCESS_MS);
}
