import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DeclineFrom } from '../api/public';

const DeclineDialog = lazy(async () => ({ default: (await import('./DeclineDialog')).DeclineDialog }));

/**
 * "Decline to sign" and its dialog (DeclineDialog, fetched on the first click: most signees never open
 * it). Self-contained so a page layout can place it anywhere. Once opened the dialog stays mounted so
 * that it can animate out.
 */
export function DeclineButton({
  from,
  onDeclined,
  ...button
}: { from: DeclineFrom; onDeclined: () => void } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('signee');
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconBan size={16} aria-hidden />}
        {...button}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
      >
        {t('decline.open')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <DeclineDialog
            from={from}
            opened={opened}
            onClose={() => setOpened(false)}
            onDeclined={() => {
              setOpened(false);
              onDeclined();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
