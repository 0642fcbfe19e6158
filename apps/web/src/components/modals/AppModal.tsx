import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Group,
  Modal,
  Progress,
  ThemeIcon,
  type ButtonProps,
  type ElementProps,
  type ModalProps,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODAL_SHAKE_MS, NAME_INPUT_FOCUS_MS } from '@sinetti/contract';
import { playSound } from '../../lib/sounds';
import { useReturnFocus } from './useReturnFocus';
import './modal.css';

export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Shown before the title. */
  icon?: ReactNode;
  /** The close cross (default on). */
  withCloseButton?: boolean;
  /** A progress bar across the top, 0 to 100 (upload and create steps). */
  progress?: number;
  /** Overlay click closes the modal; otherwise the modal shakes and the error sound plays. */
  overlayClose?: boolean;
  size?: ModalProps['size'];
  /**
   * The dialog confirms something that cannot be undone (delete, cancel, sign out, leave): its icon
   * and its ModalConfirmButton are red.
   */
  destructive?: boolean;
  children: ReactNode;
}

const DestructiveContext = createContext(false);

/** The dialog's main action: red in a destructive dialog, the primary colour otherwise. */
export function ModalConfirmButton(props: ButtonProps & ElementProps<'button', keyof ButtonProps>) {
  const destructive = useContext(DestructiveContext);
  return <Button color={destructive ? 'red' : undefined} {...props} />;
}

/**
 * The frame every modal uses (SPEC §2.7): optional header, icon, close cross and progress bar;
 * Escape closes; an element marked `data-autofocus` gets focus 500 ms after opening (unless the user
 * has typed or clicked in the dialog by then); on closing,
 * focus goes back to the control that opened it.
 */
export function AppModal({
  opened,
  onClose,
  title,
  icon,
  withCloseButton = true,
  progress,
  overlayClose = false,
  size = 'md',
  destructive = false,
  children,
}: AppModalProps) {
  const { t } = useTranslation();
  // Modal.Content types its ref as a div; the element is the dialog section.
  const contentRef = useRef<HTMLDivElement>(null);
  const [shake, setShake] = useState(0);
  useReturnFocus(opened, contentRef);

  useEffect(() => {
    if (shake === 0) return;
    const timer = setTimeout(() => setShake(0), MODAL_SHAKE_MS);
    return () => clearTimeout(timer);
  }, [shake]);

  useEffect(() => {
    if (!opened) return;
    // Someone who has already typed or clicked in the dialog keeps their focus: moving it to the name
    // input would send their next keys there (seen on a slow machine: a field's text landed in the name).
    let used = false;
    const onUse = (event: Event) => {
      if (event.target instanceof Node && contentRef.current?.contains(event.target)) used = true;
    };
    const uses = ['keydown', 'pointerdown', 'input'] as const;
    for (const type of uses) document.addEventListener(type, onUse, true);
    const timer = setTimeout(() => {
      if (!used) contentRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }, NAME_INPUT_FOCUS_MS);
    return () => {
      clearTimeout(timer);
      for (const type of uses) document.removeEventListener(type, onUse, true);
    };
  }, [opened]);

  const onOverlayClick = () => {
    if (overlayClose) return;
    setShake((n) => n + 1);
    playSound('error');
  };

  const shaking = shake > 0;
  const withHeader = Boolean(title) || Boolean(icon) || withCloseButton;
  return (
    <Modal.Root opened={opened} onClose={onClose} closeOnClickOutside={overlayClose} size={size} centered>
      <Modal.Overlay onClick={onOverlayClick} data-testid="modal-overlay" />
      <Modal.Content
        ref={contentRef}
        className={shaking ? 'sinetti-modal-shake' : undefined}
        style={shaking ? { animationDuration: `${MODAL_SHAKE_MS}ms` } : undefined}
        data-shaking={shaking || undefined}
        data-destructive={destructive || undefined}
      >
        {progress !== undefined && (
          <Progress value={progress} size="sm" radius={0} aria-label={t('modal.progress')} />
        )}
        {withHeader && (
          <Modal.Header>
            <Group gap="sm" wrap="nowrap">
              {icon && (
                <ThemeIcon variant="light" size="lg" radius="xl" color={destructive ? 'red' : undefined}>
                  {icon}
                </ThemeIcon>
              )}
              {title && <Modal.Title fw={600}>{title}</Modal.Title>}
            </Group>
            {withCloseButton && <Modal.CloseButton aria-label={t('modal.close')} />}
          </Modal.Header>
        )}
        <Modal.Body>
          <DestructiveContext.Provider value={destructive}>{children}</DestructiveContext.Provider>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
