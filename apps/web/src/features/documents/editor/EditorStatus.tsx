import { Alert, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors';
import type { EditLock } from './useEditLock';

/**
 * What stands between the user and editing, if anything: the lock could not be taken, the file could not be
 * read or saved, the document may not be edited, or the editor is still opening.
 */
export function EditorStatus({
  lock,
  problem,
  abilitiesKnown,
  editable,
  ready,
}: {
  lock: EditLock;
  problem: unknown;
  abilitiesKnown: boolean;
  editable: boolean;
  ready: boolean;
}) {
  const { t } = useTranslation('editor');
  const opening =
    editable && !ready && problem === null && (lock.state === 'pending' || lock.state === 'held');
  return (
    <>
      {lock.state === 'failed' && (
        <Alert color="red" role="alert">
          {errorText(lock.error, t('failed'))}
        </Alert>
      )}
      {problem !== null && (
        <Alert color="red" role="alert">
          {errorText(problem, t('failed'))}
        </Alert>
      )}
      {abilitiesKnown && !editable && (
        <Alert color="gray" role="status">
          {t('notEditable')}
        </Alert>
      )}
      {opening && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" role="status">
            {t('loading')}
          </Text>
        </Group>
      )}
    </>
  );
}
